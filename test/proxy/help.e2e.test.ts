import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { wantsHelp } from '../../src/cli/wantsHelp.js';
import { CLI } from './helpers.js';
import { deadline } from '../helpers/testEnv.js';

/** Runs the built binary (`npx tsup --silent` first when running this file alone). */
function toolgate(args: readonly string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    timeout: deadline(20_000),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('help for toolgate mcp and its subcommands', () => {
  it('prints the mcp help for --help, -h, help mcp and each subcommand’s --help, exit 0', () => {
    const expected = toolgate(['mcp', '--help']);
    expect(expected.code).toBe(0);
    expect(expected.stderr).toBe('');
    expect(expected.stdout).toMatch(/^toolgate mcp: the MCP proxy/);
    for (const usage of [
      '  toolgate mcp --policy POLICY',
      '  toolgate mcp lock --policy POLICY [--lock FILE]',
      '  toolgate mcp init [--name NAME] [--out FILE] --server -- CMD ARGS...',
    ])
      expect(expected.stdout).toContain(usage);
    expect(expected.stdout).toMatch(/^Examples?:\n {2}toolgate mcp /m);
    for (const args of [
      ['mcp', '-h'],
      ['help', 'mcp'],
      ['mcp', 'lock', '--help'],
      ['mcp', 'init', '-h'],
      ['mcp', '--policy', 'nowhere.yaml', '--help'],
    ])
      expect(toolgate(args), args.join(' ')).toEqual(expected);
  });

  it('lists mcp in the top-level help', () => {
    expect(toolgate(['--help']).stdout).toContain('  mcp --policy POLICY ');
  });

  it('points a usage mistake at a help that exists', () => {
    const mistake = toolgate(['mcp', 'lock']);
    expect(mistake.code).toBe(2);
    expect(mistake.stderr).toContain('(see toolgate mcp lock --help)');
    expect(
      execFileSync(process.execPath, [CLI, 'mcp', 'lock', '--help'], { encoding: 'utf8' }),
    ).toMatch(/^toolgate mcp: /);
  });
});

describe('wantsHelp', () => {
  it('reads -h and --help only before --: what follows belongs to the server init starts', () => {
    expect(wantsHelp(['--help'])).toBe(true);
    expect(wantsHelp(['lock', '-h'])).toBe(true);
    expect(wantsHelp(['init', '--server', '--', 'srv', '--help'])).toBe(false);
    expect(wantsHelp(['init', '--help', '--', 'srv'])).toBe(true);
    expect(wantsHelp(['--policy', 'p.yaml'])).toBe(false);
    expect(wantsHelp([])).toBe(false);
  });
});
