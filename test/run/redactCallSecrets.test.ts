import { describe, expect, it } from 'vitest';
import type { AuthorizedCall } from '../../src/index.js';
import { redactCallSecrets } from '../../src/run/redactCallSecrets.js';
import { redactRefusal } from '../../src/run/redactRefusal.js';
import { aRunRegistry } from '../helpers/runBuilders.js';

const entry = aRunRegistry().resolve('vault/use@1');
const call = (args: Record<string, unknown>, rawArguments?: string): AuthorizedCall =>
  Object.freeze({
    tool: 'vault/use',
    version: 1,
    ref: 'vault/use@1',
    shape: 'call',
    arguments: args,
    ...(rawArguments === undefined ? {} : { rawArguments }),
  });
const granted = (value: unknown) => value === 'APP_KEY';

describe('redactCallSecrets', () => {
  it('replaces each value at a secret resource that keep rejects, and drops rawArguments', () => {
    const redacted = redactCallSecrets(
      call({ secret: 'tok_1', more: ['APP_KEY', 'tok_2'] }, '{}'),
      entry,
      granted,
    );
    expect(redacted).toEqual(call({ secret: '[redacted]', more: ['APP_KEY', '[redacted]'] }));
  });

  it('returns the call itself when every value is kept', () => {
    const input = call({ secret: 'APP_KEY' }, '{"secret":"APP_KEY"}');
    expect(redactCallSecrets(input, entry, granted)).toBe(input);
  });

  it('redacts values that are not strings', () => {
    expect(redactCallSecrets(call({ secret: 12345 }), entry, granted).arguments).toEqual({
      secret: '[redacted]',
    });
  });

  it('keeps no arguments at all when the entry is unknown', () => {
    expect(redactCallSecrets(call({ secret: 'APP_KEY', x: 1 }, '{}'), undefined, granted)).toEqual(
      call({}),
    );
  });
});

describe('redactRefusal', () => {
  it('names [redacted] instead of a secret found in the arguments', () => {
    const refusal = {
      check: 'dispatch.secret',
      code: 'secret_out_of_scope' as const,
      reason: 'the secret tok_1 is outside the granted secret scope',
      details: [{ pointer: '/secret', message: 'no granted secret entry covers it' }],
    };
    expect(redactRefusal(refusal)).toEqual({
      ...refusal,
      reason: 'the secret [redacted] is outside the granted secret scope',
    });
  });

  it('keeps a refusal for a secret the tool is configured with, and any other refusal', () => {
    const configured = {
      check: 'dispatch.secret',
      code: 'secret_out_of_scope' as const,
      reason: 'the secret SLACK_TOKEN is outside the granted secret scope',
      details: [{ pointer: '', message: 'slack/search@1 itself is configured with this secret' }],
    };
    expect(redactRefusal(configured)).toBe(configured);
    const other = {
      check: 'dispatch.folder',
      code: 'folder_out_of_scope' as const,
      reason: 'r',
      details: [{ pointer: '/p', message: 'm' }],
    };
    expect(redactRefusal(other)).toBe(other);
  });
});
