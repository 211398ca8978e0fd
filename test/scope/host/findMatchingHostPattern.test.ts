import { describe, expect, it } from 'vitest';
import { findContainingHostPattern } from '../../../src/scope/host/findContainingHostPattern.js';
import { findMatchingHostPattern } from '../../../src/scope/host/findMatchingHostPattern.js';
import type { CanonicalHost, HostPattern } from '../../../src/scope/host/index.js';
import { hostPattern as pattern } from '../../helpers/hostPatterns.js';

const patterns = (...texts: string[]) => texts.map(pattern);
const host = (text: string) => text as CanonicalHost;

describe('findMatchingHostPattern', () => {
  it.each([
    [['*', '*.github.com', 'api.github.com'], 'api.github.com', 443, 'api.github.com'],
    [['*', '*.github.com', '*.api.github.com'], 'v3.api.github.com', 443, '*.api.github.com'],
    [['api.github.com', 'api.github.com:443'], 'api.github.com', 443, 'api.github.com:443'],
    [['*', 'example.com'], 'other.com', 80, '*'],
    [['api.github.com', '*.github.com', '*'], 'api.github.com', 443, 'api.github.com'],
    [['*.github.com', '*.github.com:443'], 'api.github.com', 443, '*.github.com:443'],
  ])('names the most specific of %j for %s:%s: %s', (texts, name, port, expected) => {
    expect(findMatchingHostPattern(patterns(...texts), host(name), port)?.text).toBe(expected);
  });

  it('names the first of equal patterns', () => {
    const all = patterns('*.github.com', 'api.github.com', 'API.github.com');
    expect(findMatchingHostPattern(all, host('api.github.com'), 443)).toBe(all[1]);
  });

  it('finds nothing for the apex of a wildcard, another port, a bare host under a port pattern, or an IP under a wildcard', () => {
    expect(
      findMatchingHostPattern(patterns('*.github.com'), host('github.com'), 443),
    ).toBeUndefined();
    expect(
      findMatchingHostPattern(patterns('api.github.com:443'), host('api.github.com'), 8443),
    ).toBeUndefined();
    expect(
      findMatchingHostPattern(patterns('api.github.com:443'), host('api.github.com'), undefined),
    ).toBeUndefined();
    // createGrant refuses *.0.0.1; built by hand, it still never covers an IP address.
    const overIp: HostPattern = {
      kind: 'wildcard',
      suffix: host('0.0.1'),
      port: undefined,
      text: '*.0.0.1',
    };
    expect(findMatchingHostPattern([overIp], host('10.0.0.1'), 80)).toBeUndefined();
  });
});

describe('findContainingHostPattern', () => {
  it("names the most specific pattern that contains a tool's own pattern", () => {
    expect(
      findContainingHostPattern(patterns('*', '*.slack.com'), pattern('*.slack.com'))?.text,
    ).toBe('*.slack.com');
    expect(
      findContainingHostPattern(
        patterns('*', '*.slack.com', 'api.slack.com'),
        pattern('api.slack.com'),
      )?.text,
    ).toBe('api.slack.com');
    expect(
      findContainingHostPattern(patterns('*.slack.com', '*'), pattern('*.slack.com'))?.text,
    ).toBe('*.slack.com');
  });

  it('names the first of equal containing patterns', () => {
    const all = patterns('*', '*.slack.com', '*.Slack.com');
    expect(findContainingHostPattern(all, pattern('api.slack.com'))).toBe(all[1]);
  });

  it('finds nothing when a wildcard would have to fit in an exact host, or a port-less pattern in a port', () => {
    expect(
      findContainingHostPattern(patterns('api.slack.com'), pattern('*.slack.com')),
    ).toBeUndefined();
    expect(
      findContainingHostPattern(patterns('api.slack.com:443'), pattern('api.slack.com')),
    ).toBeUndefined();
  });
});
