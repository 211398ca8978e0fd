import { describe, expect, it } from 'vitest';
import { compileHostMatcher } from '../../../src/scope/host/compileHostMatcher.js';
import type { CanonicalHost, HostPattern } from '../../../src/scope/host/types.js';
import { hostPattern as pattern } from '../../helpers/hostPatterns.js';

const matcherOf = (...texts: string[]) => compileHostMatcher(texts.map(pattern));
const host = (text: string): CanonicalHost => text as CanonicalHost;

describe('compileHostMatcher', () => {
  describe('matches', () => {
    it('matches nothing when no pattern is given', () => {
      const matcher = matcherOf();
      expect(matcher.matches(host('example.com'), 443)).toBe(false);
      expect(matcher.matches(host('example.com'), undefined)).toBe(false);
    });

    it('matches every public host, port and bare host with *', () => {
      const matcher = matcherOf('*');
      expect(matcher.matches(host('example.com'), 443)).toBe(true);
      expect(matcher.matches(host('[2001:db8::1]'), 1)).toBe(true);
      expect(matcher.matches(host('8.8.8.8'), 53)).toBe(true);
      expect(matcher.matches(host('example.com'), undefined)).toBe(true);
    });

    it.each(['[::1]', '127.0.0.1', '10.1.2.3', 'localhost', 'app.localhost', '[::ffff:a00:1]'])(
      'never lets * imply the private host %j (SPEC §6.2 rev 2)',
      (text) => {
        expect(matcherOf('*').matches(host(text), 443)).toBe(false);
        expect(matcherOf('*', text).matches(host(text), 443)).toBe(true);
      },
    );

    it.each([
      ['example.com', 'example.com', 443, true],
      ['example.com', 'example.com', undefined, true],
      ['example.com', 'api.example.com', 443, false],
      ['example.com', 'badexample.com', 443, false],
      ['example.com', 'example.com.evil', 443, false],
      ['example.com:8443', 'example.com', 8443, true],
      ['example.com:8443', 'example.com', 443, false],
      ['example.com:8443', 'example.com', undefined, false],
      ['*.example.com', 'api.example.com', 443, true],
      ['*.example.com', 'a.b.example.com', 80, true],
      ['*.example.com', 'api.example.com', undefined, true],
      ['*.example.com', 'example.com', 443, false],
      ['*.example.com', 'badexample.com', 443, false],
      ['*.example.com', 'example.com.evil.com', 443, false],
      ['*.example.com', 'com', 443, false],
      ['*.pi.example.com', 'api.example.com', 443, false],
      ['*.pi.example.com', 'a.pi.example.com', 443, true],
      ['*.example.com:8443', 'api.example.com', 8443, true],
      ['*.example.com:8443', 'api.example.com', 443, false],
      ['*.example.com:8443', 'api.example.com', undefined, false],
      ['127.0.0.1', '127.0.0.1', 80, true],
      ['127.0.0.1', '[::ffff:7f00:1]', 80, false],
      ['127.0.0.1:80', '127.0.0.1', 81, false],
      ['[::1]:8080', '[::1]', 8080, true],
      ['[::1]', '[::2]', 8080, false],
    ])('%j matches %j port %j: %j', (text, name, port, expected) => {
      expect(matcherOf(text).matches(host(name), port)).toBe(expected);
    });

    it('lets a port-free pattern widen a same-host pattern with a port', () => {
      const matcher = matcherOf('example.com:8443', 'example.com');
      expect(matcher.matches(host('example.com'), 1)).toBe(true);
      expect(matcher.matches(host('example.com'), undefined)).toBe(true);
    });

    it('collects several ports of one host', () => {
      const matcher = matcherOf('example.com:80', 'example.com:443', '*.example.com:8443');
      expect(matcher.matches(host('example.com'), 80)).toBe(true);
      expect(matcher.matches(host('example.com'), 443)).toBe(true);
      expect(matcher.matches(host('example.com'), 8443)).toBe(false);
      expect(matcher.matches(host('example.com'), undefined)).toBe(false);
      expect(matcher.matches(host('a.example.com'), 8443)).toBe(true);
      expect(matcher.matches(host('a.example.com'), 443)).toBe(false);
    });

    it('never lets a wildcard cover an IP address, even one built by hand', () => {
      const handMade: HostPattern = {
        kind: 'wildcard',
        suffix: host('0.0.1'),
        port: undefined,
        text: '*.0.0.1',
      };
      expect(compileHostMatcher([handMade]).matches(host('127.0.0.1'), 80)).toBe(false);
    });

    it('does not confuse map keys with object prototype names', () => {
      const matcher = matcherOf('*.example.com');
      expect(matcher.matches(host('__proto__'), 80)).toBe(false);
      expect(matcher.matches(host('a.constructor'), 80)).toBe(false);
    });
  });

  describe('containsPattern', () => {
    it.each([
      [['*'], '*', true],
      [['*'], '*.slack.com:443', true],
      [['*.slack.com'], '*', false],
      [['*.slack.com'], '*.slack.com', true],
      [['*.slack.com'], '*.api.slack.com', true],
      [['*.slack.com'], 'api.slack.com', true],
      [['*.slack.com'], 'a.b.slack.com:443', true],
      [['*.slack.com'], 'slack.com', false],
      [['*.slack.com'], 'badslack.com', false],
      [['*.lack.com'], '*.slack.com', false],
      [['api.slack.com'], '*.slack.com', false],
      [['api.slack.com'], '*.api.slack.com', false],
      [['slack.com'], '*.slack.com', false],
      [['api.slack.com'], 'api.slack.com:443', true],
      [['api.slack.com:443'], 'api.slack.com', false],
      [['api.slack.com:443'], 'api.slack.com:443', true],
      [['api.slack.com:443'], 'api.slack.com:80', false],
      [['*.slack.com:443'], '*.slack.com', false],
      [['*.slack.com:443'], '*.a.slack.com:443', true],
      [['*.slack.com:443'], 'a.slack.com:443', true],
      [['slack.com', 'api.slack.com:443'], 'api.slack.com:443', true],
      [['slack.com', 'api.slack.com:443'], 'api.slack.com', false],
      [['127.0.0.1'], '127.0.0.1:80', true],
      [['127.0.0.1'], '[::ffff:127.0.0.1]', false],
      [[], 'example.com', false],
    ])('scope %j contains %j: %j', (scope, inner, expected) => {
      expect(matcherOf(...scope).containsPattern(pattern(inner))).toBe(expected);
    });
  });

  it('returns a frozen matcher', () => {
    expect(Object.isFrozen(matcherOf('example.com'))).toBe(true);
  });
});
