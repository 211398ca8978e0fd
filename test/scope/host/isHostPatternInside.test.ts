import { describe, expect, it } from 'vitest';
import { isHostPatternInside } from '../../../src/scope/host/isHostPatternInside.js';
import type { CanonicalHost, HostPattern } from '../../../src/scope/host/types.js';
import { hostPattern as pattern } from '../../helpers/hostPatterns.js';

describe('isHostPatternInside', () => {
  it.each([
    ['*', '*', true],
    ['example.com', '*', true],
    ['*.example.com:443', '*', true],
    ['*', 'example.com', false],
    ['*', '*.example.com', false],
    ['*.slack.com', '*.slack.com', true],
    ['*.api.slack.com', '*.slack.com', true],
    ['api.slack.com', '*.slack.com', true],
    ['a.b.slack.com', '*.slack.com', true],
    ['slack.com', '*.slack.com', false],
    ['badslack.com', '*.slack.com', false],
    ['slack.com.evil', '*.slack.com', false],
    ['*.slack.com', 'api.slack.com', false],
    ['*.slack.com', 'slack.com', false],
    ['*.badslack.com', '*.slack.com', false],
    ['api.slack.com', 'api.slack.com', true],
    ['api.slack.com', 'slack.com', false],
    ['slack.com', 'api.slack.com', false],
    ['api.slack.com:443', 'api.slack.com', true],
    ['api.slack.com', 'api.slack.com:443', false],
    ['api.slack.com:80', 'api.slack.com:443', false],
    ['api.slack.com:443', 'api.slack.com:443', true],
    ['*.slack.com:443', '*.slack.com', true],
    ['*.slack.com', '*.slack.com:443', false],
    ['api.slack.com:443', '*.slack.com:443', true],
    ['api.slack.com:80', '*.slack.com:443', false],
    ['127.0.0.1:80', '127.0.0.1', true],
    ['[::ffff:127.0.0.1]', '127.0.0.1', false],
    // A range is inside one address only when it is that one address (a full-length prefix).
    ['10.0.0.1/32', '10.0.0.1', true],
    ['[2001:db8::1]/128', '[2001:db8::1]', true],
    ['[2001:db8::]/32', '[2001:db8::]', false],
    ['10.0.0.0/8', '10.0.0.0', false],
    // A host name is not an address: no range holds it, and it holds no range.
    ['10.0.0.1/32', 'example.com', false],
    ['example.com', '10.0.0.0/8', false],
    ['10.1.2.3', '10.0.0.0/8', true],
  ])('%j inside %j: %j', (inner, outer, expected) => {
    expect(isHostPatternInside(pattern(inner), pattern(outer))).toBe(expected);
  });

  it('never lets a wildcard cover an IP address, even one built by hand', () => {
    const handMade: HostPattern = {
      kind: 'wildcard',
      suffix: '0.0.1' as CanonicalHost,
      port: undefined,
      text: '*.0.0.1',
    };
    expect(isHostPatternInside(pattern('127.0.0.1'), handMade)).toBe(false);
  });
});
