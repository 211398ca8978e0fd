import { fail, ok, type ScopeResult } from '../result.js';
import { validatePathText } from './validatePathText.js';

// The problem sentence for a relative path with no usable cwd.
const RELATIVE_PATH_NEEDS_CWD =
  'a relative path needs an absolute cwd in the context; pass an absolute path or set cwd';

/**
 * Which absolute path would the OS be handed for this value?
 *
 * Applies the same validity checks as `canonicalizePath` and joins a relative
 * value to `cwd` with `/`, but does not normalize: `.` and `..` stay, because
 * the OS resolves `link/..` physically and a realpath adapter needs to see that.
 * The cwd is only consulted (and only validated) for a relative value.
 */
export function toAbsoluteRawPath(value: unknown, cwd?: unknown): ScopeResult<string> {
  const text = validatePathText(value, 'a path');
  if (!text.ok) return text;
  const path = text.value;
  // /srv/project/../etc => /srv/project/../etc (absolute: used as written)
  if (path.startsWith('/')) return ok(path);
  if (typeof cwd !== 'string' || !cwd.startsWith('/')) return fail(RELATIVE_PATH_NEEDS_CWD);
  const base = validatePathText(cwd, "the context's cwd");
  if (!base.ok) return base;
  // cwd "/srv/project" + "../x" => /srv/project/../x ; cwd "/" + "x" => /x (not //x)
  return ok(cwd.endsWith('/') ? `${cwd}${path}` : `${cwd}/${path}`);
}
