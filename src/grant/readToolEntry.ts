import { describeValue } from '../data/describeValue.js';
import { findRefProblem } from '../registry/parseToolRef.js';
import { splitToolEntry } from './splitToolEntry.js';

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/**
 * Reads one `tools` entry of a grant spec: an exact ref `NAME@VERSION`, or a
 * ref pinned to its definition's digest, `NAME@VERSION#sha256:<64 lower-case
 * hex>` (SPEC §5 rev 2). Returns the entry as written, or what is wrong with
 * it at `where`.
 *
 * // fs-read@1                => 'fs-read@1'
 * // fs-read@1#sha256:AB…     => { problem: 'tools[0] …: the pin must be sha256: and 64 lower-case hex digits …' }
 */
export function readToolEntry(item: unknown, where: string): string | { readonly problem: string } {
  const { ref, digest } = typeof item === 'string' ? splitToolEntry(item) : { ref: item };
  const problem = findRefProblem(ref);
  if (problem !== undefined) return { problem: `${where} ${describeValue(item)}: ${problem}` };
  if (digest !== undefined && !DIGEST.test(digest)) {
    return {
      problem: `${where} ${describeValue(item)}: the pin after "#" must be "sha256:" and 64 lower-case hex digits, the tool's digest as registry.inventory() or digestToolEntry gives it`,
    };
  }
  return item as string;
}
