import { describe, expect, it } from 'vitest';
import { isNameVisible } from '../../../src/scope/visible/isNameVisible.js';

describe('isNameVisible', () => {
  it('shows every name when there is no visible list', () => {
    expect(isNameVisible('a/b', undefined)).toBe(true);
  });

  it('matches exact names, prefix/* at any depth, and *', () => {
    expect(isNameVisible('slack/search', ['slack/search'])).toBe(true);
    expect(isNameVisible('slack/search/recent', new Set(['slack/*']))).toBe(true);
    expect(isNameVisible('slack/search/recent', ['slack/search/*'])).toBe(true);
    expect(isNameVisible('anything', ['*'])).toBe(true);
  });

  it('matches nothing else: no prefix without /*, no case folding, no partial segment', () => {
    expect(isNameVisible('slack/search', ['slack'])).toBe(false);
    expect(isNameVisible('slack/search', ['Slack/*'])).toBe(false);
    expect(isNameVisible('slackbot/x', ['slack/*'])).toBe(false);
    expect(isNameVisible('slack', ['slack/*'])).toBe(false);
    expect(isNameVisible('a', [])).toBe(false);
  });

  it('reads no prefix before a leading slash: an empty first segment is under no prefix/*', () => {
    expect(isNameVisible('/a', ['/*'])).toBe(false);
    expect(isNameVisible('/a', ['/a'])).toBe(true);
  });
});
