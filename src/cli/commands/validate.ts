import { parseArgs } from 'node:util';
import { EXIT } from '../exitCodes.js';
import { formatDiagnosticLines } from '../format/formatDiagnosticLines.js';
import { printable } from '../format/printable.js';
import { printableLines } from '../format/printableLines.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { lockBeside } from '../policy/besidePolicy.js';
import { parsePolicy } from '../policy/parsePolicy.js';
import type { Policy } from '../policy/types.js';
import { printJson, readText, reportBadInput } from '../report.js';
import { usageError } from './usageError.js';

const OPTIONS = { json: { type: 'boolean' } } as const;

/**
 * `toolgate validate POLICY`: every error and warning, each with its file,
 * line, column and what to change. Exit 0 clean (nothing reported),
 * 1 problems, 2 the file cannot be read.
 */
export function validate(args: readonly string[], io: CliIo): number {
  const json = args.includes('--json');
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'validate', parsed.problem, json);
  const [file, ...extra] = parsed.value.positionals;
  if (file === undefined)
    return usageError(io, 'validate', 'name the policy file: toolgate validate POLICY', json);
  if (extra.length > 0)
    return usageError(io, 'validate', `one policy at a time; unexpected ${extra.join(' ')}`, json);
  const read = readText(io, file);
  if ('problem' in read)
    return reportBadInput(io, json, `toolgate validate: ${read.problem} (check the path)`);

  // Offline (issue 30): the servers' tools come from the lock beside the policy.
  const result = parsePolicy(file, read.text, io, { lock: lockBeside(file), offline: true });
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = result.diagnostics.length - errors;
  if (json) {
    printJson(io, { file, ok: errors === 0, errors, warnings, diagnostics: result.diagnostics });
  } else {
    if (result.diagnostics.length > 0)
      io.stdout(`${printableLines(formatDiagnosticLines(result.diagnostics))}\n`);
    io.stdout(
      `${printable(summary(file, errors, warnings, result.ok ? result.policy : undefined))}\n`,
    );
  }
  return result.diagnostics.length === 0 ? EXIT.ok : EXIT.refused;
}

function summary(file: string, errors: number, warnings: number, policy?: Policy): string {
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  if (errors + warnings > 0)
    return `${file}: ${count(errors, 'error')}, ${count(warnings, 'warning')}`;
  const parts =
    policy === undefined
      ? []
      : [
          count(policy.registry.inventory().length, 'tool'),
          count(policy.grants.size, 'grant'),
          count(policy.steps.size, 'step'),
          count(policy.agents.size, 'agent'),
        ];
  return `${file}: no problems (${parts.join(', ')})`;
}
