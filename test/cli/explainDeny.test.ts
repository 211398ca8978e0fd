import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainTurn } from '../../src/cli/explain/explainTurn.js';
import { loadPolicy } from '../../src/cli/policy/loadPolicy.js';
import { resolveContext } from '../../src/cli/resolveContext.js';
import { createGate } from '../../src/createGate.js';
import { ROOT } from './helpers.js';

const files = {
  readFile: (path: string) => readFileSync(resolve(ROOT, path), 'utf8'),
  exists: () => false,
};
const loaded = loadPolicy('examples/policy.yaml', files);
if (!loaded.ok) throw new Error('the example policy must load');
const policy = loaded.policy;
const gate = createGate({ registry: policy.registry });

/** The notes of the refused check of the first call, as `check --explain` prints them. */
function refusedNotes(turn: unknown): readonly string[] {
  const resolved = resolveContext(policy, { grant: 'coder', cwd: '/workspace' });
  if (!resolved.ok) throw new Error(resolved.problem);
  const decision = gate.authorize(turn, resolved.context);
  const explanation = explainTurn(gate, turn, resolved.context, decision, {
    policy,
    grantName: resolved.grantName,
  });
  if (explanation.kind !== 'calls') throw new Error('expected calls');
  return explanation.calls[0]?.checks.find((check) => check.verdict === 'refused')?.notes ?? [];
}

describe('check --explain and deny entries', () => {
  it('names the folder deny entry that refused and where the policy writes it', () => {
    const notes = refusedNotes({
      calls: [{ tool: 'fs-read', version: 1, arguments: { path: 'a/.env' } }],
    });
    expect(notes[0]).toBe(
      'denied by grants.coder.folders[1] !**/.env (examples/policy.yaml:53:27)',
    );
  });

  it('names the secret deny entry that refused', () => {
    const notes = refusedNotes({
      calls: [
        {
          tool: 'http/fetch',
          version: 1,
          arguments: { url: 'https://registry.npmjs.org/x', auth: 'NPM_TOKEN' },
        },
      ],
    });
    expect(notes[0]).toMatch(
      /^denied by grants\.coder\.secrets\[2\] !NPM_TOKEN \(examples\/policy\.yaml:55:\d+\)$/,
    );
  });

  it('adds no deny note when no deny entry refused', () => {
    const notes = refusedNotes({
      calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/etc/passwd' } }],
    });
    expect(notes.some((note) => note.startsWith('denied by'))).toBe(false);
  });
});
