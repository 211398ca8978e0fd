import { isReservedToolName, PTY_PREFIX } from './constants.js';
import { isToolEntryName } from './isToolEntryName.js';

/** A broken name rule: its diagnostic code, message and fix. */
export interface ToolNameProblem {
  readonly code: 'invalid_tool_name' | 'reserved_tool_name' | 'reserved_pty_prefix';
  readonly message: string;
  readonly fix: string;
}

/**
 * Which name rule does a key under `tools:` break, if any? The pattern
 * `^[a-z][a-z0-9_]{0,63}$`, then the harness names (with the OpenCode
 * internals), then the `pty_` prefix.
 *
 * // lookup_order => undefined; Lookup => invalid_tool_name; bash => reserved_tool_name; pty_x => reserved_pty_prefix
 */
export function findToolNameProblem(name: string): ToolNameProblem | undefined {
  if (!isToolEntryName(name)) {
    return {
      code: 'invalid_tool_name',
      message: `the tool name ${JSON.stringify(name)} does not match ^[a-z][a-z0-9_]{0,63}$`,
      fix: 'use snake case: a lower-case letter, then lower-case letters, digits or _, 64 characters at most',
    };
  }
  if (isReservedToolName(name)) {
    return {
      code: 'reserved_tool_name',
      message: `${name} is a harness tool name, which a tool under tools: cannot use`,
      fix: `rename the tool, such as my_${name}`,
    };
  }
  if (name.startsWith(PTY_PREFIX)) {
    return {
      code: 'reserved_pty_prefix',
      message: `${name} starts with pty_, which is reserved for the OpenCode terminal tools`,
      fix: `rename the tool so it does not start with pty_, such as ${name.slice(PTY_PREFIX.length) || 'my_tool'}`,
    };
  }
  return undefined;
}
