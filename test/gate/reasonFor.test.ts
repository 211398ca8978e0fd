import { describe, expect, it } from 'vitest';
import { reasonFor } from '../../src/gate/reasonFor.js';
import type { RefusalFacts } from '../../src/gate/refusalFacts.js';

describe('reasonFor gives the exact words of SPEC §7 and §9', () => {
  it.each<[RefusalFacts, string]>([
    [
      { code: 'not_granted', ref: 'slack/search@1' },
      'the proposed tool slack/search@1 is not granted to this run or is no longer registered',
    ],
    [
      { code: 'bad_arguments', ref: 'slack/search@1', details: [] },
      'the arguments for slack/search@1 do not match its inputSchema',
    ],
    [
      { code: 'hidden_tool', name: 'slack/search' },
      'the tool slack/search is hidden from this agent',
    ],
    [
      { code: 'unknown_tool', name: 'slack/search', step: 'triage' },
      'the tool slack/search is unknown to step triage',
    ],
    [
      { code: 'unsupported_shape', ref: 'fs-write@1', shape: 'append' },
      'fs-write@1 does not support the call shape "append"',
    ],
    [
      { code: 'network_out_of_scope', host: 'evil.com:443', details: [] },
      'the host evil.com:443 is outside the granted network scope',
    ],
    [
      { code: 'folder_out_of_scope', path: '/etc/passwd', details: [] },
      'the path /etc/passwd is outside the granted folder scope',
    ],
    [
      { code: 'secret_out_of_scope', secret: 'ROOT', details: [] },
      'the secret ROOT is outside the granted secret scope',
    ],
    [
      { code: 'malformed_proposal', why: 'it is not valid JSON' },
      'the proposal is malformed: it is not valid JSON',
    ],
    [
      { code: 'check_failed', check: 'dispatch.folder', details: [] },
      'the check dispatch.folder failed, so the call is refused',
    ],
    [{ code: 'check_refused', reason: 'not on Sundays' }, 'not on Sundays'],
  ])('%j', (facts, reason) => {
    expect(reasonFor(facts)).toBe(reason);
  });

  it('escapes control characters and shortens long untrusted values', () => {
    expect(reasonFor({ code: 'hidden_tool', name: 'a\nb' })).toBe(
      'the tool "a\\nb" is hidden from this agent',
    );
    const long = reasonFor({ code: 'not_granted', ref: `${'x'.repeat(500)}@1` });
    expect(long.length).toBeLessThan(300);
    expect(long).toContain('…');
  });
});
