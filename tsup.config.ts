import { defineConfig, type Options } from 'tsup';

// The `toolgate` CLI: ESM only, for Node. A banner applies to every entry of its
// config, so the CLI has a config of its own to carry the hashbang (tsup then
// marks dist/cli.js executable).
const cli: Options = {
  entry: { cli: 'src/cli/index.ts' },
  format: ['esm'],
  // No source maps (docs/development.md "What the package ships").
  sourcemap: false,
  target: 'node20',
  platform: 'node',
  // The CommonJS dependencies bundled below call require() for Node's own modules.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __toolgateRequire } from 'node:module';\nconst require = __toolgateRequire(import.meta.url);",
  },
  // Optional peers, loaded at run time only by `toolgate records` and `toolgate mcp`'s records.
  external: ['better-sqlite3', 'pg'],
  // Every other dependency bundled in: Node's loader resolves and links each module
  // file on its own (the MCP SDK, zod, ajv and yaml are hundreds), which took about
  // 600 ms of `toolgate mcp`'s start here; one file per chunk loads in a fraction.
  noExternal: [/^(?!better-sqlite3$|pg$)/],
  // Whitespace and syntax only: names stay, so a stack trace still reads. About 100 ms
  // less to parse at each start than unminified, and 0.7 MB less on disk.
  esbuildOptions: (options) => {
    options.minifyWhitespace = true;
    options.minifySyntax = true;
  },
};

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      realpath: 'src/realpath/index.ts',
      node: 'src/node/index.ts',
      kortix: 'src/kortix/index.ts',
      coresource: 'src/coresource/index.ts',
      testing: 'src/testing/index.ts',
      mcp: 'src/mcp/index.ts',
      ai: 'src/ai/index.ts',
      'openai-agents': 'src/openaiAgents/index.ts',
      langchain: 'src/langchain/index.ts',
      policy: 'src/policy/index.ts',
      sqlite: 'src/sqlite/index.ts',
      postgres: 'src/postgres/index.ts',
      otel: 'src/otel/index.ts',
      // Not public (no "exports" entry): an entry each gives these wrappers a
      // dist chunk each, so that a bundler reaches tldts, minimatch or
      // ajv-formats (CommonJS or not side-effect free: kept whole once
      // imported) only from code that uses them, never from every import of
      // 'toolgate' (issue 34). Nothing loads the entry files themselves: package.json's
      // "files" leaves dist/deps out of the package.
      'deps/tldts': 'src/deps/tldts.ts',
      'deps/minimatch': 'src/deps/minimatch.ts',
      'deps/ajvFormats': 'src/deps/ajvFormats.ts',
    },
    format: ['esm', 'cjs'],
    // Shared chunks for CJS too (esbuild's splitting, through tsup): every entry
    // then holds the same core, so a grant made through one entry is known to
    // the gate of another (the gate trusts only grants its createGrant made).
    splitting: true,
    dts: true,
    clean: ['!cli.js'],
    // No source maps: dist/ is unminified ES2022 with the source's names, so a stack
    // trace reads as it is; maps were 3.8 MB of the package's 5.8 MB unpacked.
    sourcemap: false,
    target: 'node20',
    platform: 'neutral',
    external: [
      'ajv',
      'ajv-formats',
      'tldts',
      '@modelcontextprotocol/sdk',
      'ai',
      '@openai/agents',
      // toolgate/openai-agents reads a tool's own parse through the SDK's internal entry point.
      '@openai/agents-core',
      '@langchain/core',
      'better-sqlite3',
      'pg',
      '@opentelemetry/api',
    ],
    // @noble/hashes ships ESM only: bundled, so the CJS build needs no require(esm) (Node < 20.19).
    noExternal: ['@noble/hashes'],
  },
  cli,
]);
