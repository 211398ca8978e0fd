import { describe, expect, it } from 'vitest';
import * as toolgate from '../../src/index.js';
import * as node from '../../src/node/index.js';
import * as realpath from '../../src/realpath/index.js';

describe('the public surface', () => {
  it('exports exactly these runtime names from the root (a change here is an API change)', () => {
    expect(Object.keys(toolgate).sort()).toEqual([
      'DEFAULT_OUTPUT_LIMITS',
      'ToolgateError',
      'approveCall',
      'compareGrants',
      'createGate',
      'createGrant',
      'createMemoryLedger',
      'createMemorySink',
      'createRegistry',
      'createRun',
      'describeShapedOutput',
      'digestToolEntry',
      'fire',
      'formatReprompt',
      'formatToolRef',
      'fromProviderCall',
      'intersectGrants',
      'intersectVisibility',
      'narrowForSubagent',
      'parseToolRef',
      'redactRecord',
      'renderMenu',
      'selfRunRuntime',
      'shapeToolOutput',
      'suggestGrant',
      'summarizeRecords',
      'toAnthropicTools',
      'toMcpTools',
      'toOpenAITools',
      'toProviderToolName',
      'touchedAfter',
    ]);
  });

  it('exports exactly these runtime names from toolgate/node', () => {
    expect(Object.keys(node).sort()).toEqual([
      'createBuiltinHandlers',
      'createJsonlFileSink',
      'createOutputShaper',
      'summarizeText',
    ]);
  });

  it('exports exactly nodeRealpath from toolgate/realpath', () => {
    expect(Object.keys(realpath).sort()).toEqual(['nodeRealpath']);
  });
});
