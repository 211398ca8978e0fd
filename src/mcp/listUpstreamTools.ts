import type { McpListedTool, McpUpstream } from './types.js';

/** More pages than this means the server keeps handing out cursors: stop rather than loop. */
const MAX_PAGES = 1000;

/**
 * Reads the server's whole `tools/list`, page by page.
 * Rejects when the server fails or never stops paging.
 */
export async function listUpstreamTools(upstream: McpUpstream): Promise<McpListedTool[]> {
  const tools: McpListedTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await upstream.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
  }
  throw new Error(`the server's tools/list did not end after ${MAX_PAGES} pages`);
}
