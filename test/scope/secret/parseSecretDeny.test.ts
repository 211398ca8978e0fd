import { describe, expect, it } from 'vitest';
import { parseSecretDeny } from '../../../src/scope/secret/index.js';

describe('parseSecretDeny', () => {
  it('reads "!" and a name or a prefix', () => {
    expect(parseSecretDeny('!AWS_SECRET_ACCESS_KEY')).toEqual({
      ok: true,
      value: {
        entry: '!AWS_SECRET_ACCESS_KEY',
        pattern: { kind: 'exact', name: 'AWS_SECRET_ACCESS_KEY' },
      },
    });
    expect(parseSecretDeny('!PROD_*')).toMatchObject({
      ok: true,
      value: { entry: '!PROD_*', pattern: { kind: 'prefix', prefix: 'PROD_' } },
    });
  });

  it('refuses anything but a string starting with "!", naming the form, and says what follows "!" is wrong', () => {
    const form = 'a secret deny entry is "!" followed by a name or a prefix, such as "!AWS_*"';
    for (const text of ['AWS_*', 'AWS_KEY', '', 7, null, undefined, ['!AWS_*']])
      expect(parseSecretDeny(text), JSON.stringify(text)).toEqual({ ok: false, problem: form });
    const after = parseSecretDeny('!not a name');
    expect(after.ok).toBe(false);
    expect(after.ok ? '' : after.problem).toMatch(/^after "!": /);
  });
});
