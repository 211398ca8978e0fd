import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../src/cli/policy/parsePolicy.js';
import { findResourceArguments } from '../../src/proxy/findResourceArguments.js';
import { formatLock } from '../../src/proxy/formatLock.js';
import { formatStarterPolicy } from '../../src/proxy/formatStarterPolicy.js';
import { readLock } from '../../src/proxy/readLock.js';
import { mcpToolDigest } from '../../src/mcp/index.js';

const files = { readFile: () => '', exists: () => false };
const parse = (text: string) => parsePolicy('policy.yaml', text, files);

describe('the servers: and proxy: sections of a policy', () => {
  it('reads servers with their bindings, and does not warn about refs a server will provide', () => {
    const result = parse(`version: 1
servers:
  fs:
    command: node
    args: [fs.js, /srv/data]
    tools:
      read_text_file: { resources: [{ kind: path, at: /path, access: read }] }
grants:
  default: { tools: [fs/read_text_file@1], folders: [/srv/data] }
`);
    expect(result.diagnostics).toEqual([]);
    if (!result.ok) throw new Error('not ok');
    expect(result.policy.servers?.get('fs')).toMatchObject({
      name: 'fs',
      command: 'node',
      args: ['fs.js', '/srv/data'],
      resources: false,
      prompts: false,
      tools: { read_text_file: { resources: [{ kind: 'path', at: '/path', access: 'read' }] } },
    });
    expect(result.policy.proxy).toEqual({ realpath: true, callTimeoutMs: 60_000 });
  });

  it('turns realpath off only when the policy says so in so many words', () => {
    const result = parse('version: 1\nproxy: { realpath: false, refreshSeconds: 30 }\n');
    if (!result.ok) throw new Error('not ok');
    expect(result.policy.proxy).toEqual({
      realpath: false,
      refreshSeconds: 30,
      callTimeoutMs: 60_000,
    });
  });

  it('places every server problem at its FILE:LINE:COL', () => {
    const result = parse(`version: 1
servers:
  both: { command: node, url: 'http://127.0.0.1:1/mcp' }
  neither: { args: [x] }
  badpointer:
    command: node
    tools:
      t: { resources: [{ kind: path, at: 'no-slash' }] }
  typo: { comand: node }
`);
    expect(result.ok).toBe(false);
    // The whole list, in order: an extra diagnostic, another code or a moved column fails.
    expect(
      result.diagnostics.map(
        (d) =>
          `${d.file}:${String(d.line)}:${String(d.column)} ${d.severity} ${d.code}: ${d.message}`,
      ),
    ).toEqual([
      'policy.yaml:3:9 error invalid_server: servers.both must have either command (with args, env, cwd) for stdio, or url for Streamable HTTP',
      'policy.yaml:4:12 error invalid_server: servers.neither must have either command (with args, env, cwd) for stdio, or url for Streamable HTTP',
      'policy.yaml:8:23 error invalid_binding: servers.badpointer.tools.t.resources: resources[0].at no-slash: "at" must be a JSON Pointer starting with "/", such as "/path"',
      'policy.yaml:9:11 error unknown_key: unknown key comand in servers.typo',
    ]);
    // Each fix fits its case: "neither" is not told to drop one of two.
    expect(result.diagnostics.map((d) => d.fix)).toEqual([
      'keep command or url, not both',
      'add command (with args) for stdio, or url for Streamable HTTP',
      'write each resource as { kind: path | url | host | secret, at: /json/pointer, access?: read | write }',
      'did you mean command? The keys here are command, args, env, cwd, url, tools, resources, prompts',
    ]);
  });
});

describe('the lock file', () => {
  const tool = { name: 'read_text_file', title: 'Read', inputSchema: { type: 'object' as const } };

  it('round-trips: each ref with the full digest of its definition as listed', () => {
    const text = formatLock(new Map([['fs/read_text_file@1', tool]]));
    const parsed = JSON.parse(text) as { tools: Record<string, { digest: string }> };
    expect(parsed.tools['fs/read_text_file@1']?.digest).toBe(mcpToolDigest(tool));
    expect(parsed.tools['fs/read_text_file@1']?.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const read = readLock(text);
    if (!('lock' in read)) throw new Error(read.problem);
    expect(read.lock.tools.get('fs/read_text_file@1')?.definition).toEqual(tool);
  });

  it('refuses a whole lock whose digest does not match its definition, or that is malformed', () => {
    const text = formatLock(new Map([['fs/read_text_file@1', tool]])).replace(
      '"Read"',
      '"Read it all"',
    );
    expect(readLock(text)).toEqual({
      problem: expect.stringMatching(
        /^the digest of fs\/read_text_file@1 is not the SHA-256 of its definition/,
      ) as string,
    });
    // after "it is not JSON: " comes the JSON parser's own message, whose words are V8's
    expect(readLock('{')).toEqual({
      problem: expect.stringMatching(/^it is not JSON: \S/) as string,
    });
    expect(readLock('{"lockVersion":2,"tools":{}}')).toEqual({
      problem: 'it must be { "lockVersion": 1, "tools": { REF: { digest, definition } } }',
    });
    expect(readLock('{"lockVersion":1,"tools":{"nope":{}}}')).toEqual({
      problem: '"nope" is not a ref NAME@VERSION',
    });
    expect(readLock('{"lockVersion":1,"tools":{"fs/x@1":{}}}')).toEqual({
      problem: 'tools["fs/x@1"] must be { digest, definition }',
    });
  });
});

describe('init and the unbound-argument warnings', () => {
  it('flags string arguments that look like paths or URLs, and nothing else', () => {
    expect(
      findResourceArguments({
        type: 'object',
        properties: {
          path: { type: 'string' },
          paths: { type: 'array', items: { type: 'string' } },
          url: { type: 'string' },
          target: { type: 'string', format: 'uri' },
          destination: { type: 'string' },
          query: { type: 'string' },
          filePath: { type: 'number' },
        },
      }),
    ).toEqual([
      { kind: 'path', at: '/path' },
      { kind: 'path', at: '/paths/*' },
      { kind: 'url', at: '/url' },
      { kind: 'url', at: '/target' },
      { kind: 'path', at: '/destination' },
    ]);
  });

  it('writes a starter policy that loads with no errors and grants nothing', () => {
    const text = formatStarterPolicy({ name: 'fs', command: 'node', args: ['fs.js', '/srv'] }, [
      {
        name: 'read_text_file',
        description: 'Reads.\nline two',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      },
      { name: 'fetch', inputSchema: { type: 'object', properties: { url: { type: 'string' } } } },
      { name: 'echo', inputSchema: { type: 'object' } },
    ]);
    const result = parse(text);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    if (!result.ok) throw new Error('not ok');
    expect(result.policy.grants.get('default')?.tools).toEqual([]);
    expect(result.policy.servers?.get('fs')?.tools).toEqual({
      read_text_file: { resources: [{ kind: 'path', at: '/path', access: 'write' }] },
      fetch: { resources: [{ kind: 'url', at: '/url' }] },
      echo: {},
    });
    expect(text).toContain('# CHECK: looks like a path');
  });

  it('binds a path read for a tool the server annotates readOnlyHint, still marked CHECK (issue 29)', () => {
    const schema = { type: 'object' as const, properties: { path: { type: 'string' } } };
    const text = formatStarterPolicy({ name: 'fs', command: 'node', args: ['fs.js', '/srv'] }, [
      { name: 'read_text_file', inputSchema: schema, annotations: { readOnlyHint: true } },
      { name: 'write_file', inputSchema: schema, annotations: { readOnlyHint: false } },
      { name: 'touch', inputSchema: schema, annotations: { destructiveHint: false } },
    ]);
    const result = parse(text);
    if (!result.ok) throw new Error('not ok');
    expect(result.policy.servers?.get('fs')?.tools).toEqual({
      read_text_file: { resources: [{ kind: 'path', at: '/path', access: 'read' }] },
      write_file: { resources: [{ kind: 'path', at: '/path', access: 'write' }] },
      touch: { resources: [{ kind: 'path', at: '/path', access: 'write' }] },
    });
    expect(text).toContain('readOnlyHint (check that it only reads)');
    expect(text.match(/# CHECK/g)).toHaveLength(3);
  });

  it('names each tool by the ref it is granted as: a "." read as "_", a collision not served', () => {
    const schema = { type: 'object' as const };
    const text = formatStarterPolicy({ name: 'gh', command: 'node', args: ['gh.js'] }, [
      { name: 'repo.get', inputSchema: schema },
      { name: 'issue.list', inputSchema: schema },
      { name: 'issue_list', inputSchema: schema },
    ]);
    const comments = text
      .split('\n')
      .filter((line) => line.startsWith('      # gh/') || line.includes('# not served'));
    expect(comments).toEqual([
      '      # gh/repo_get@1 — ',
      expect.stringMatching(
        /^ {6}# not served: "issue\.list" reads as gh\/issue_list, as "issue_list" does/,
      ),
      '      # gh/issue_list@1 — ',
    ]);
    const result = parse(text);
    if (!result.ok) throw new Error('not ok');
    // Bindings stay keyed by the MCP name, as the server calls the tool.
    expect(Object.keys(result.policy.servers?.get('gh')?.tools ?? {})).toEqual([
      'repo.get',
      'issue.list',
      'issue_list',
    ]);
  });
});
