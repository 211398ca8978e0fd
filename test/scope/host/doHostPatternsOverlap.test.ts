import { describe, expect, it } from 'vitest';
import { doHostPatternsOverlap } from '../../../src/scope/host/doHostPatternsOverlap.js';
import { isHostPatternInside } from '../../../src/scope/host/isHostPatternInside.js';
import { hostPattern as pattern } from '../../helpers/hostPatterns.js';

describe('doHostPatternsOverlap (a reach against a deny)', () => {
  it.each([
    ['*.slack.com', 'files.slack.com', true],
    ['*.slack.com', '*.a.slack.com', true],
    ['*.a.slack.com', '*.slack.com', true],
    ['*.slack.com', 'slack.com', false],
    ['*.slack.com', '*.corp.example.com', false],
    ['a.com', 'a.com:22', true],
    ['a.com:443', 'a.com:22', false],
    ['a.com:22', 'a.com', true],
    ['a.com', '*', true],
    ['*', '10.0.0.0/8', false],
    ['*', '*.corp.example.com', true],
    ['*', 'localhost', false],
    ['*', '0.0.0.0/0', true],
    ['*', '224.0.0.0/3', false],
    ['10.1.2.3', '10.0.0.0/8', true],
    ['10.1.0.0/16', '10.1.2.0/24', true],
    ['10.1.0.0/16', '10.2.0.0/16', false],
    ['10.0.0.0/8', '10.1.2.3', true],
    ['10.0.0.0/8', '*.example.com', false],
    ['*.example.com', '10.0.0.0/8', false],
    ['[fd00::1]', '[fd00::]/8', true],
    // SPEC §14.2: an IPv6 form of an IPv4 address connects to it, so a deny entry takes it.
    ['[::ffff:a00:1]', '10.0.0.0/8', true],
    ['[64:ff9b::a00:1]', '10.0.0.1', true],
    ['[::ffff:b00:1]', '10.0.0.0/8', false],
    ['[::ffff:0:0]/96', '203.0.113.0/24', true],
    ['[64:ff9b::]/96', '203.0.113.5', true],
    ['[::]/96', '203.0.113.0/24', true],
    ['[64:ff9b:1::]/64', '203.0.113.0/24', true],
    ['[2001:db8::]/32', '203.0.113.0/24', false],
    ['[::ffff:cb00:7100]/120', '198.51.100.0/24', false],
    ['[::ffff:0:0]/96:443', '203.0.113.0/24:22', false],
    ['10.0.0.0/8:5432', '10.1.2.3:22', false],
    // A deny of one address is that address alone, in either IP version.
    ['[2001:db8:1::]/48', '[2001:db8::1]', false],
    ['[2001:db8::]/48', '[2001:db8::1]', true],
    ['10.0.1.0/24', '10.0.0.5', false],
    ['10.0.0.0/24', '10.0.0.5', true],
  ])('(%s, !%s) => %s', (reach, deny, expected) => {
    expect(doHostPatternsOverlap(pattern(reach), pattern(deny))).toBe(expected);
  });
});

describe('isHostPatternInside with ranges and private hosts', () => {
  it.each([
    ['10.1.0.0/16', '10.0.0.0/8', true],
    ['10.0.0.0/8', '10.1.0.0/16', false],
    ['10.1.2.3', '10.0.0.0/8', true],
    ['10.1.2.3:80', '10.0.0.0/8:443', false],
    ['10.1.2.3/32', '10.1.2.3', true],
    ['10.1.2.0/24', '10.1.2.3', false],
    ['*.example.com', '10.0.0.0/8', false],
    ['10.0.0.0/8', '*.example.com', false],
    ['127.0.0.1', '*', false],
    ['localhost', '*', false],
    ['8.8.8.0/24', '*', true],
    ['0.0.0.0/0', '*', false],
    ['[fd00::]/16', '[fd00::]/8', true],
    // SPEC §14.2: an IPv4 allow pattern does not allow the IPv6 forms of its addresses.
    ['[::ffff:a00:1]', '10.0.0.0/8', false],
    ['[64:ff9b::a00:1]', '10.0.0.1', false],
    ['[::ffff:0:0]/96', '203.0.113.0/24', false],
  ])('(%s inside %s) => %s', (inner, outer, expected) => {
    expect(isHostPatternInside(pattern(inner), pattern(outer))).toBe(expected);
  });
});
