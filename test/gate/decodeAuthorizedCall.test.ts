import { describe, expect, it } from 'vitest';
import { decodeAuthorizedCall } from '../../src/gate/decodeAuthorizedCall.js';
import { createGate, createGrant, createRegistry } from '../../src/index.js';

const LIMITS = { maxBytes: 1024 * 1024, maxDepth: 64 };
const REFUSED = "the call's rawArguments do not decode to its arguments";

/** A call as it looks after crossing a process boundary as JSON: not one the gate issued. */
const aForgedCall = (
  rawArguments: string,
  args: Record<string, unknown> = { path: '/srv/project/a' },
) => ({
  tool: 'fs-read',
  version: 1,
  ref: 'fs-read@1',
  shape: 'read',
  arguments: args,
  rawArguments,
});

describe('decodeAuthorizedCall', () => {
  it('accepts rawArguments that decode to exactly the arguments', () => {
    const call = aForgedCall('{ "path" : "/srv/project/a" }');
    expect(decodeAuthorizedCall(call, LIMITS)).toEqual(call);
  });

  // Found in the security review (the fuzzer's forged calls exercise it): the gate checked
  // the last "path" while a first-wins parser in the tool would read the first, /etc/passwd.
  it.each([
    ['{"path":"/etc/passwd","path":"/srv/project/a"}', 'a repeated key, the checked value last'],
    [
      '{"path":"/etc/passwd","\\u0070ath":"/srv/project/a"}',
      'a repeated key written with an escape',
    ],
    ['{"path":"/srv/project/a","o":{"k":1,"k":1}}', 'a repeated key in a nested object'],
  ])('refuses rawArguments that repeat a key: %s (%s)', (raw) => {
    const args = JSON.parse(raw) as Record<string, unknown>;
    expect(decodeAuthorizedCall(aForgedCall(raw, args), LIMITS)).toBe(REFUSED);
  });

  it('refuses rawArguments that decode to other arguments, or are not JSON', () => {
    expect(decodeAuthorizedCall(aForgedCall('{"path":"/etc/passwd"}'), LIMITS)).toBe(REFUSED);
    expect(decodeAuthorizedCall(aForgedCall('{"path":"/srv/project/a"'), LIMITS)).toBe(REFUSED);
    expect(decodeAuthorizedCall(aForgedCall('{"path":"/srv/project/a","x":1}'), LIMITS)).toBe(
      REFUSED,
    );
  });

  it('makes checkDispatch refuse such a call as malformed_proposal', () => {
    const gate = createGate({ registry: createRegistry() });
    const context = { grant: createGrant({ tools: ['fs-read@1'], folders: ['/srv/project'] }) };
    const decision = gate.checkDispatch(
      aForgedCall('{"path":"/etc/passwd","path":"/srv/project/a"}'),
      context,
    );
    expect(decision).toEqual({
      allowed: false,
      refusal: {
        check: 'dispatch.decode',
        code: 'malformed_proposal',
        reason: `the proposal is malformed: ${REFUSED}`,
      },
    });
  });

  it('accepts rawArguments "{}" for empty arguments', () => {
    const call = aForgedCall('{}', {});
    expect(decodeAuthorizedCall(call, LIMITS)).toEqual(call);
  });

  it('refuses rawArguments that are not a string, even a list holding the JSON text', () => {
    expect(decodeAuthorizedCall({ ...aForgedCall('{}', {}), rawArguments: ['{}'] }, LIMITS)).toBe(
      REFUSED,
    );
  });

  it('refuses a tool that is not a string, even when the ref agrees with it', () => {
    expect(decodeAuthorizedCall({ ...aForgedCall('{}', {}), tool: 1, ref: '1@1' }, LIMITS)).toBe(
      "the call's tool, version and ref do not agree",
    );
  });

  it('refuses a call nested deeper or larger than the limits', () => {
    const limits = { maxBytes: 200, maxDepth: 3 };
    expect(decodeAuthorizedCall(aForgedCall('{}', {}), limits)).not.toBeTypeOf('string');
    expect(decodeAuthorizedCall(aForgedCall('{"a":{"b":{}}}', { a: { b: {} } }), limits)).toBe(
      'the call is not plain data: it is nested deeper than the limit of 3 levels',
    );
    expect(decodeAuthorizedCall(aForgedCall('{}', { a: 'x'.repeat(200) }), limits)).toBe(
      'the call is not plain data: it is larger than the limit of 200 characters',
    );
  });

  it.each([
    ['null', null],
    ['a string', 'fs-read@1'],
    ['a number', 1],
  ])('refuses %s as a call without throwing', (_title, value) => {
    expect(decodeAuthorizedCall(value, LIMITS)).toBe(
      'a call is { tool, version, ref, shape, arguments, rawArguments? }, as checkTurn returns it',
    );
  });
});
