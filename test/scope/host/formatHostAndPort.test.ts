import { describe, expect, it } from 'vitest';
import { formatHostAndPort } from '../../../src/scope/host/formatHostAndPort.js';
import type { CanonicalHost } from '../../../src/scope/host/types.js';

describe('formatHostAndPort', () => {
  it.each([
    ['api.slack.com', 443, 'api.slack.com:443'],
    ['[::1]', 8080, '[::1]:8080'],
    ['example.com', undefined, 'example.com'],
    ['[::1]', undefined, '[::1]'],
  ])('writes %j with port %j as %j', (host, port, expected) => {
    expect(formatHostAndPort(host as CanonicalHost, port)).toBe(expected);
  });
});
