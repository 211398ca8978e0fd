import { EXIT } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import { lockBeside } from '../policy/besidePolicy.js';
import { loadPolicy } from '../policy/loadPolicy.js';
import type { ParsePolicyOptions } from '../policy/parsePolicy.js';
import type { Policy } from '../policy/types.js';
import { reportBadInput } from '../report.js';

/**
 * Loads a policy for a command that uses it; a policy with errors is
 * reported (every error, with its place) and gives exit code 2.
 * Warnings are left to `toolgate validate`. `offline` (the commands that
 * decide without starting servers) reads the servers' tools from the lock
 * beside the policy (issue 30); the proxy's commands pass their own options
 * (the lock to expand patterns over, or that it is about to be written).
 */
export function loadPolicyOrReport(
  io: CliIo,
  command: string,
  file: string,
  json: boolean,
  offline: boolean | ParsePolicyOptions = false,
): Policy | number {
  const options =
    offline === true ? { lock: lockBeside(file), offline: true } : offline === false ? {} : offline;
  const loaded = loadPolicy(file, io, options);
  if (loaded.ok) return loaded.policy;
  const [first] = loaded.diagnostics;
  if (loaded.diagnostics.length === 1 && first?.code === 'unreadable_file') {
    return reportBadInput(
      io,
      json,
      `toolgate ${command}: ${first.message.replace('the policy file', file)} (check the path)`,
    );
  }
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error').length;
  const message = `toolgate ${command}: ${file} has ${errors} ${errors === 1 ? 'error' : 'errors'}; fix ${errors === 1 ? 'it' : 'them'} (toolgate validate ${file} lists every problem)`;
  reportBadInput(io, json, message, loaded.diagnostics);
  return EXIT.badInput;
}
