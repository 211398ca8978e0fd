import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { PolicyServer } from '../cli/policy/buildServers.js';
import { listUpstreamTools } from '../mcp/listUpstreamTools.js';
import { connectUpstream } from './connectUpstream.js';

/**
 * Starts (or connects to) one server, reads its whole `tools/list` and
 * closes it again: what `toolgate mcp lock` and `init` read. Rejects when
 * the server cannot be started or listed within `timeoutMs`.
 *
 * // ({ name: 'fs', command: 'node', args: ['fs.js', '/srv'] }, 60000) => [{ name: 'read_text_file', … }, …]
 */
export async function listServerTools(server: PolicyServer, timeoutMs: number): Promise<Tool[]> {
  const client = await connectUpstream(
    server,
    { onClose: () => undefined, onError: () => undefined },
    timeoutMs,
  );
  try {
    return await listUpstreamTools({
      listTools: (params) => client.listTools(params, { timeout: timeoutMs }),
      callTool: client.callTool.bind(client),
    });
  } finally {
    await client.close().catch(() => undefined);
  }
}
