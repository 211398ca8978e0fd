import { messageOf } from '../data/messageOf.js';

/** A handler's output as text (a string, or a JSON value written indented) or as bytes. */
export type RenderedOutput =
  | { readonly kind: 'text'; readonly text: string; readonly extension: 'txt' | 'json' }
  | { readonly kind: 'binary'; readonly bytes: Uint8Array }
  | { readonly kind: 'invalid'; readonly problem: string };

const strictUtf8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Renders a handler's output the way the model will read it (Kortix: "a
 * string, or any JSON value, which the model receives as indented JSON").
 * Bytes (a `Uint8Array`, `Buffer`, `ArrayBuffer` or any typed array) that
 * are valid UTF-8 without a NUL byte are text; other bytes are binary.
 * `undefined` (a handler that returns nothing) is the empty text.
 *
 * // 'plain'           => text 'plain'
 * // { a: 1 }          => text '{\n  "a": 1\n}'
 * // Uint8Array [0xff] => binary
 * // 10n               => invalid (no JSON text)
 */
export function renderToolOutput(output: unknown): RenderedOutput {
  if (typeof output === 'string') return { kind: 'text', text: output, extension: 'txt' };
  if (output === undefined) return { kind: 'text', text: '', extension: 'txt' };
  const bytes = toBytes(output);
  if (bytes !== undefined) {
    if (!bytes.includes(0)) {
      try {
        return { kind: 'text', text: strictUtf8.decode(bytes), extension: 'txt' };
      } catch {
        // Not UTF-8: binary.
      }
    }
    return { kind: 'binary', bytes };
  }
  try {
    const text = JSON.stringify(output, null, 2) as string | undefined;
    if (text !== undefined) return { kind: 'text', text, extension: 'json' };
    return { kind: 'invalid', problem: `a ${typeof output} has no JSON text` };
  } catch (error) {
    return { kind: 'invalid', problem: messageOf(error) };
  }
}

function toBytes(output: unknown): Uint8Array | undefined {
  if (output instanceof Uint8Array) return output;
  if (output instanceof ArrayBuffer) return new Uint8Array(output);
  if (ArrayBuffer.isView(output))
    return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
  return undefined;
}
