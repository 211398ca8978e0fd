import { parseArgs } from 'node:util';
import { createGate } from '../../createGate.js';
import { explainTurn } from '../explain/explainTurn.js';
import { formatApprovals } from '../format/formatApprovals.js';
import { formatExplanation } from '../explain/formatExplanation.js';
import { EXIT } from '../exitCodes.js';
import { formatDecision } from '../format/formatDecision.js';
import { printable } from '../format/printable.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { printJson, readText, reportBadInput } from '../report.js';
import { resolveContext } from '../resolveContext.js';
import { createApprovingGate, decideWithApprovals } from './decideWithApprovals.js';
import { loadPolicyOrReport } from './loadPolicyOrReport.js';
import { usageError } from './usageError.js';

const OPTIONS = {
  grant: { type: 'string' },
  step: { type: 'string' },
  agent: { type: 'string' },
  cwd: { type: 'string' },
  explain: { type: 'boolean' },
  approve: { type: 'boolean' },
  json: { type: 'boolean' },
  'unsafe-lexical-paths': { type: 'boolean' },
} as const;

/**
 * `toolgate check POLICY [TURN|-]`: decides one turn with both stages of the
 * gate (`authorize`), as a runtime would, against a grant of the policy.
 * With `--approve`, each call that needs an approval is shown and decided
 * as if a person approved it.
 * Exit 0 allowed (or an answer), 1 refused, 2 bad input or policy.
 */
export function check(args: readonly string[], io: CliIo): number {
  const json = args.includes('--json');
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'check', parsed.problem, json);
  const { values, positionals } = parsed.value;
  const [file, turnFile = '-', ...extra] = positionals;
  if (file === undefined)
    return usageError(io, 'check', 'name the policy file: toolgate check POLICY [TURN|-]', json);
  if (extra.length > 0)
    return usageError(io, 'check', `one turn at a time; unexpected ${extra.join(' ')}`, json);

  const policy = loadPolicyOrReport(io, 'check', file, json, true);
  if (typeof policy === 'number') return policy;
  const resolved = resolveContext(policy, values);
  if (!resolved.ok)
    return reportBadInput(io, json, `toolgate check: ${resolved.problem} (${resolved.fix})`);

  if (turnFile === '-' && io.stdinIsTerminal)
    io.stderr('toolgate check: reading the turn from stdin (end it with Ctrl-D)\n');
  const read = turnFile === '-' ? readStdin(io) : readText(io, turnFile);
  if ('problem' in read)
    return reportBadInput(
      io,
      json,
      `toolgate check: ${read.problem} (check the path of the turn file)`,
    );

  // Safe by default: symlinks resolve unless the user opts out in so many words, with --approve too.
  const realpath = values['unsafe-lexical-paths'] === true ? undefined : ('node' as const);
  const approving =
    values.approve === true ? createApprovingGate(policy.registry, realpath) : undefined;
  const gate =
    approving?.gate ??
    createGate({ registry: policy.registry, ...(realpath === undefined ? {} : { realpath }) });
  // The turn text goes to the gate verbatim: size, nesting, repeated keys and shape are its to judge.
  const approved =
    approving === undefined
      ? undefined
      : decideWithApprovals(approving, read.text, resolved.context);
  const decision = approved?.decision ?? gate.authorize(read.text, resolved.context);
  const scope = {
    policy,
    grantName: resolved.grantName,
    ...(resolved.agent === undefined ? {} : { agent: resolved.agent }),
  };
  const explanation =
    values.explain === true
      ? explainTurn(gate, read.text, resolved.context, decision, scope, approving?.dispatch)
      : undefined;
  const allowed = decision.settled !== 'rejected';

  if (json) {
    printJson(io, {
      allowed,
      decision,
      ...(approved === undefined ? {} : { approvals: approved.approvals }),
      ...(explanation === undefined ? {} : { explain: explanation }),
    });
  } else if (explanation === undefined) {
    const asked = approved === undefined ? '' : formatApprovals(approved.approvals);
    io.stdout(`${asked}${formatDecision(decision)}\n`);
  } else {
    const header = [
      `policy ${file} · grant ${resolved.grantName} · step ${values.step ?? '(none)'} · agent ${values.agent ?? '(none: every tool visible)'} · cwd ${values.cwd ?? '(none)'}`,
      `turn ${turnFile === '-' ? '(stdin)' : turnFile}`,
    ].map(printable);
    io.stdout(`${formatExplanation(header, explanation, decision)}\n`);
  }
  return allowed ? EXIT.ok : EXIT.refused;
}

function readStdin(io: CliIo): { readonly text: string } | { readonly problem: string } {
  try {
    return { text: io.readStdin() };
  } catch (error) {
    return {
      problem: `cannot read stdin: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
