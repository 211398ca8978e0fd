import { describe, expect, it } from 'vitest';
import { APPROVAL_LINE } from '../../src/menu/renderMenuEntry.js';
import { createGrant, digestToolEntry, renderMenu, toOpenAITools } from '../../src/index.js';
import { aMenuRegistry } from './fixtures.js';

const SLACK_ENTRY = [
  'name: slack/search',
  'version: 1',
  'Search messages in the connected workspace.',
  'Inputs:',
  '- query (str, required)',
  '- limit (integer, optional)',
  'Example: {"query": "budget"}',
].join('\n');

describe('renderMenu: approvals and pins (rev 2)', () => {
  it('marks an ask tool right under its version, and leaves every other entry byte-identical', () => {
    const registry = aMenuRegistry();
    const menu = renderMenu({
      registry,
      grant: createGrant({ tools: ['notes@1', 'slack/search@1'], ask: ['notes@1'] }),
    });
    expect(menu).toBe(
      [
        'You can call the following tools:',
        'name: notes',
        'version: 1',
        'approval: required (a person approves each call, with its exact arguments, before it runs)',
        'The notes tool.',
        'Inputs: none',
        '',
        SLACK_ENTRY,
      ].join('\n'),
    );
    expect(APPROVAL_LINE).toBe(
      'approval: required (a person approves each call, with its exact arguments, before it runs)',
    );
  });

  it('renders a pinned tool whose definition matches as if unpinned', () => {
    const registry = aMenuRegistry();
    const entry = registry.resolve('slack/search@1');
    const pinned = `slack/search@1#${entry ? digestToolEntry(entry) : ''}`;
    expect(renderMenu({ registry, grant: createGrant({ tools: [pinned] }) })).toBe(
      `You can call the following tools:\n${SLACK_ENTRY}`,
    );
  });

  it('shows none of the text of a pinned tool whose definition changed: it degrades like an unknown tool', () => {
    const registry = aMenuRegistry();
    const grant = createGrant({ tools: [`slack/search@1#sha256:${'0'.repeat(64)}`] });
    const menu = renderMenu({ registry, grant });
    expect(menu).toBe(
      'You can call the following tools:\nname: slack/search\nversion: 1\nCall as: {"tool": "slack/search", "version": 1, "arguments": {...}}',
    );
    const [listed] = toOpenAITools({ registry, grant });
    expect(JSON.stringify(listed)).not.toContain('Search messages');
  });
});
