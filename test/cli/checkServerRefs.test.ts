import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../src/cli/policy/parsePolicy.js';
import { formatLock } from '../../src/proxy/formatLock.js';

/** A policy fronting one server `fs`, granting `tools`, read offline over a lock of `listed`. */
function offline(tools: readonly string[], listed: readonly Tool[] | undefined) {
  const lock =
    listed === undefined
      ? undefined
      : formatLock(new Map(listed.map((tool) => [`fs/${tool.name.replaceAll('.', '_')}@1`, tool])));
  const files = new Map(lock === undefined ? [] : [['/p/toolgate.lock', lock]]);
  const text = JSON.stringify({
    version: 1,
    servers: {
      fs: {
        command: '/bin/true',
        tools: { read: { resources: [{ kind: 'path', at: '/path', access: 'read' }] } },
      },
    },
    grants: { default: { tools, folders: ['/srv'] } },
  });
  return parsePolicy(
    '/p/policy.yaml',
    text,
    {
      readFile: (path) => {
        const found = files.get(path);
        if (found === undefined) throw new Error(`ENOENT: ${path}`);
        return found;
      },
      exists: (path) => files.has(path),
    },
    { lock: '/p/toolgate.lock', offline: true },
  );
}

const READ: Tool = {
  name: 'read',
  description: 'Reads a file.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
};
const messages = (result: ReturnType<typeof offline>) =>
  result.diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`);

describe('an MCP policy read offline over its lock (issue 30)', () => {
  it('registers the locked tools with their bindings, so the grant names real refs', () => {
    const result = offline(['fs/read@1'], [READ]);
    expect(messages(result)).toEqual([]);
    if (!result.ok) throw new Error('not ok');
    expect(result.policy.registry.resolve('fs/read@1')?.resources).toEqual([
      { kind: 'path', at: '/path', access: 'read' },
    ]);
  });

  it('names a granted ref the lock lacks, with the closest locked one', () => {
    expect(messages(offline(['fs/raed@1'], [READ]))).toEqual([
      'error unknown_tool: grants.default.tools[0] fs/raed@1 is not in the lock: server fs lists no such tool (did you mean fs/read@1?)',
    ]);
  });

  it('warns when there is no lock, and when a locked definition cannot be registered', () => {
    expect(messages(offline(['fs/read@1'], undefined))).toEqual([
      'warning no_lock: no lock /p/toolgate.lock: the SERVER/TOOL@1 refs the grants name are not checked, and calls to them are refused here',
    ]);
    // A schema the registry refuses is told as such, not as "not in the lock".
    const broken = { ...READ, inputSchema: { type: 'object', properties: { path: { type: 5 } } } };
    const told = messages(offline(['fs/read@1'], [broken as unknown as Tool]));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(
      /^warning unregistered_tool: fs\/read in the lock cannot be registered offline: /,
    );
  });
});
