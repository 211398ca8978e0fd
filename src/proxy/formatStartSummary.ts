import type { ChangedTool, ServedTool } from './types.js';

/** What the proxy knows once its servers have started. */
export interface StartFacts {
  readonly grantName: string;
  readonly granted: readonly string[];
  readonly servers: readonly string[];
  readonly served: ReadonlyMap<string, ServedTool>;
  readonly refused: ReadonlyMap<string, ChangedTool | undefined>;
  readonly whyDown: (server: string) => string | undefined;
  /** `sqlite:/abs/records.db`, `jsonl:/abs/records.jsonl`. */
  readonly records: string;
  /** The lock file, or undefined when there is none. */
  readonly lock: string | undefined;
  readonly audit: boolean;
}

/** The most refs shown on one line before "and N more". */
const MAX_REFS = 8;

const list = (refs: readonly string[]): string =>
  refs.length <= MAX_REFS
    ? refs.join(', ')
    : `${refs.slice(0, MAX_REFS).join(', ')} and ${String(refs.length - MAX_REFS)} more`;

/**
 * One screen on stderr when `toolgate mcp` starts (issue 29): the grant, each
 * server (up with what it serves, or down and why), the granted tools no
 * server serves, the record store and the lock state, so a person whose
 * client shows 0 tools sees why without reading the records.
 *
 * // toolgate mcp: grant default (3 tools), lock toolgate.lock, records sqlite:/p/toolgate-records.db
 * // toolgate mcp: server fs: serving 2 granted of 14 listed: fs/read_text_file@1, fs/write_file@1
 * // toolgate mcp: server fake: down: the process exited (code 1)
 * // toolgate mcp: granted but not served: fake/note@1 (its server is down)
 */
export function formatStartSummary(facts: StartFacts): string[] {
  const granted = new Set(facts.granted);
  const lines = [
    `grant ${facts.grantName} (${String(granted.size)} tools)${facts.audit ? ', audit mode' : ''}, ${facts.lock === undefined ? 'no lock' : `lock ${facts.lock}`}, records ${facts.records}`,
  ];
  for (const server of facts.servers) {
    const down = facts.whyDown(server);
    if (down !== undefined) {
      lines.push(`server ${server}: down: ${down}`);
      continue;
    }
    const own = [...facts.served.values()].filter((tool) => tool.server === server);
    const servedGranted = own.map((tool) => tool.ref).filter((ref) => granted.has(ref));
    lines.push(
      `server ${server}: serving ${String(servedGranted.length)} granted of ${String(own.length)} listed${servedGranted.length === 0 ? '' : `: ${list(servedGranted)}`}`,
    );
  }
  const missing = facts.granted.filter((ref) => !facts.served.has(ref));
  if (missing.length > 0) {
    const why = (ref: string) => {
      const server = ref.slice(0, ref.indexOf('/'));
      if (facts.refused.get(ref) !== undefined) return `${ref} (changed since the lock)`;
      if (facts.whyDown(server) !== undefined) return `${ref} (its server is down)`;
      return ref;
    };
    lines.push(`granted but not served: ${list(missing.map(why))}`);
  }
  return lines.map((line) => `toolgate mcp: ${line.replace(/[\r\n\u2028\u2029]+/g, ' ')}`);
}
