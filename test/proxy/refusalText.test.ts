import { describe, expect, it } from 'vitest';
import { toRefusal } from '../../src/gate/toRefusal.js';
import { withDetails } from '../../src/gate/withDetails.js';
import { refusalText } from '../../src/proxy/refusalText.js';

describe('refusalText (SPEC §14.4)', () => {
  it('is the reason, then one line per detail after its pointer', () => {
    const refusal = toRefusal('dispatch.folder', {
      code: 'folder_out_of_scope',
      path: '/srv/.env',
      details: [
        { pointer: '/path', message: 'the deny entry !**/.env takes it away', entry: '!**/.env' },
        { pointer: '', message: 'one\nline\u2028only' },
      ],
    });
    expect(refusalText(refusal)).toBe(
      [
        'the path /srv/.env is outside the granted folder scope',
        '/path: the deny entry !**/.env takes it away',
        'one line only',
      ].join('\n'),
    );
  });

  it('is the reason alone when there are no details', () => {
    const refusal = toRefusal('proposal.granted', { code: 'not_granted', ref: 'a@1' });
    expect(refusalText(refusal)).toBe(refusal.reason);
    expect(withDetails(refusal, [])).toBe(refusal);
    expect(withDetails(refusal, [{ pointer: '', message: 'why' }]).details).toEqual([
      { pointer: '', message: 'why' },
    ]);
  });
});
