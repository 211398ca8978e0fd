import { dirname, join } from 'node:path';

/** The lock `toolgate mcp lock` writes beside a policy, and every command reads by default. */
export function lockBeside(policyFile: string): string {
  return join(dirname(policyFile), 'toolgate.lock');
}

/** The record store `toolgate mcp` writes beside a policy by default, as a `--records` value. */
export function recordsBeside(policyFile: string): string {
  return `sqlite:${join(dirname(policyFile), 'toolgate-records.db')}`;
}

/** What to say instead when the default store's driver will not load: a JSONL file beside the policy. */
export function jsonlInstead(policyFile: string): string {
  return `record to a file instead: --records jsonl:${join(dirname(policyFile), 'toolgate-records.jsonl')}`;
}
