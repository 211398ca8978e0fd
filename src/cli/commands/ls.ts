import { parseArgs } from 'node:util';
import { EXIT } from '../exitCodes.js';
import { formatTable } from '../format/formatTable.js';
import { printable } from '../format/printable.js';
import { printableLines } from '../format/printableLines.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { printJson } from '../report.js';
import { loadPolicyOrReport } from './loadPolicyOrReport.js';
import { usageError } from './usageError.js';
import { splitToolEntry } from '../../grant/splitToolEntry.js';

const OPTIONS = { json: { type: 'boolean' } } as const;

/**
 * `toolgate ls POLICY`: the registry's inventory (built-ins and the
 * policy's tools, by name then version) with the grants that name each
 * tool and each definition's full digest (what a grant pins, rev 2). Exit 0, or 2 for bad input or policy.
 */
export function ls(args: readonly string[], io: CliIo): number {
  const json = args.includes('--json');
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'ls', parsed.problem, json);
  const [file, ...extra] = parsed.value.positionals;
  if (file === undefined)
    return usageError(io, 'ls', 'name the policy file: toolgate ls POLICY', json);
  if (extra.length > 0)
    return usageError(io, 'ls', `one policy at a time; unexpected ${extra.join(' ')}`, json);
  const policy = loadPolicyOrReport(io, 'ls', file, json, true);
  if (typeof policy === 'number') return policy;

  const tools = policy.registry.inventory().map((row) => {
    const ref = `${row.name}@${String(row.version)}`;
    const grantedBy = [...policy.grants]
      .filter(([, grant]) => grant.tools.some((entry) => splitToolEntry(entry).ref === ref))
      .map(([name]) => name);
    return { ref, ...row, grantedBy };
  });
  if (json) {
    printJson(io, { policy: file, tools });
    return EXIT.ok;
  }
  // Each cell on one line: a newline in a kind or name must not start a forged row.
  const rows = tools.map((tool) =>
    [
      tool.ref,
      tool.kind,
      tool.builtIn ? (tool.grantable ? 'built-in' : 'built-in, never grantable') : 'policy',
      tool.grantedBy.join(', ') || '-',
      tool.network.join(', ') || '-',
      tool.digest,
      tool.description.replace(/\s+/g, ' ').trim(),
    ].map((cell) => printableLines([cell])),
  );
  io.stdout(
    `${printable(formatTable(['REF', 'KIND', 'FROM', 'GRANTED BY', 'NETWORK', 'DIGEST', 'DESCRIPTION'], rows))}\n`,
  );
  return EXIT.ok;
}
