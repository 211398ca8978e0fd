import { describe, expect, it } from 'vitest';
import * as ai from '../../src/ai/index.js';
import * as langchain from '../../src/langchain/index.js';
import * as mcp from '../../src/mcp/index.js';
import * as openaiAgents from '../../src/openaiAgents/index.js';
import * as policy from '../../src/policy/index.js';

describe('the runtime adapter subpaths (a change here is an API change)', () => {
  it('exports exactly these runtime names from toolgate/mcp', () => {
    expect(Object.keys(mcp).sort()).toEqual([
      'createMcpGateway',
      'importMcpTools',
      'mcpToolDigest',
      'mcpToolVersion',
    ]);
  });

  it('exports exactly these runtime names from toolgate/ai', () => {
    expect(Object.keys(ai).sort()).toEqual([
      'gateAiTools',
      'recordRejectedAiCalls',
      'registerAiTools',
    ]);
  });

  it('exports exactly these runtime names from toolgate/openai-agents', () => {
    expect(Object.keys(openaiAgents).sort()).toEqual([
      'gateAgentRunOptions',
      'gateAgentTools',
      'registerAgentTools',
    ]);
  });

  it('exports exactly these runtime names from toolgate/langchain', () => {
    expect(Object.keys(langchain).sort()).toEqual(['gateLangChainTools', 'runLangChainToolCalls']);
  });

  it('exports exactly these runtime names from toolgate/policy', () => {
    expect(Object.keys(policy).sort()).toEqual([
      'formatDiagnostics',
      'loadPolicy',
      'parsePolicyText',
    ]);
  });
});
