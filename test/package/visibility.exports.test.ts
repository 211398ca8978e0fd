import { describe, expect, it } from 'vitest';
import * as coresource from '../../src/coresource/index.js';
import * as kortix from '../../src/kortix/index.js';

describe('the visibility subpaths (a change here is an API change)', () => {
  it('exports exactly these runtime names from toolgate/kortix', () => {
    expect(Object.keys(kortix).sort()).toEqual([
      'HARNESS_TOOLS',
      'KORTIX_TOOLS',
      'OPENCODE_INTERNAL_TOOLS',
      'formatKortixDiagnostics',
      'formatToolsLs',
      'loadKortixManifestFiles',
      'parseKortixManifest',
      'resolveKortixVisibility',
      'toolsLsJson',
      'validateKortixManifest',
    ]);
  });

  it('exports exactly these runtime names from toolgate/coresource', () => {
    expect(Object.keys(coresource).sort()).toEqual([
      'MCP_HELPER_TOOLS',
      'SKILL_TOOLS',
      'createCoresourceAgent',
      'isCoresourceToolName',
    ]);
  });
});
