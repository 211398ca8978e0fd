import { describe, expect, it } from 'vitest';
import { toProviderToolName } from '../../src/index.js';

const PROVIDER_NAME = /^[\w-]{1,64}$/;

describe('toProviderToolName', () => {
  it('writes / as __ and @VERSION as _vVERSION', () => {
    expect(toProviderToolName('slack/search@1')).toBe('slack__search_v1');
    expect(toProviderToolName('fs-read@1')).toBe('fs-read_v1');
    expect(toProviderToolName('a/b/c/d@12')).toBe('a__b__c__d_v12');
  });

  it('shortens a name past 64 characters to 55 and a hash of the ref, so long names stay apart', () => {
    const segment = 'x'.repeat(31);
    const one = toProviderToolName(`${segment}/${segment}/${segment}/a@1`);
    const two = toProviderToolName(`${segment}/${segment}/${segment}/b@1`);
    for (const name of [one, two]) {
      expect(name).toMatch(PROVIDER_NAME);
      expect(name).toHaveLength(64);
    }
    expect(one.slice(0, 55)).toBe(two.slice(0, 55));
    expect(one).not.toBe(two);
  });

  it('keeps names of exactly 64 characters whole', () => {
    const ref = `${'n'.repeat(61)}@1`;
    expect(toProviderToolName(ref)).toBe(`${'n'.repeat(61)}_v1`);
  });
});
