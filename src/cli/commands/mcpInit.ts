import { resolveServerCommand } from './resolveServerCommand.js';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { messageOf } from '../../data/messageOf.js';
import { formatStarterPolicy } from '../../proxy/formatStarterPolicy.js';
import { listServerTools } from '../../proxy/listServerTools.js';
import { EXIT } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { usageError } from './usageError.js';

const OPTIONS = {
  server: { type: 'boolean' },
  name: { type: 'string' },
  out: { type: 'string' },
} as const;

/**
 * `toolgate mcp init [--name NAME] [--out FILE] --server -- CMD ARGS…`:
 * starts the server, lists its tools and writes a starter policy (to FILE,
 * else standard output): every tool with its schema, path- and URL-looking
 * arguments flagged for binding, nothing granted. Exit 0 written, 2 bad
 * input or a server that cannot be listed.
 */
export async function mcpInit(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'mcp init', parsed.problem, false);
  const { values, positionals } = parsed.value;
  const [command, ...commandArgs] = positionals;
  if (values.server !== true || command === undefined)
    return usageError(
      io,
      'mcp init',
      'name the server to start: toolgate mcp init --server -- CMD ARGS…',
      false,
    );
  const name = values.name ?? 'server';
  if (!/^[a-z][\w-]{0,63}$/i.test(name))
    return usageError(
      io,
      'mcp init',
      `--name ${JSON.stringify(name)} must be a letter, then letters, digits, "_" or "-"`,
      false,
    );
  // A client starts the server from its own folder: write what it can start from anywhere.
  const started = resolveServerCommand(command, commandArgs);
  for (const note of started.notes) io.stderr(`toolgate mcp init: ${note}\n`);
  const server = {
    name,
    command: started.command,
    args: [...started.args],
    tools: {},
    resources: false,
    prompts: false,
  };
  let text: string;
  try {
    text = formatStarterPolicy(server, await listServerTools(server, 60_000));
  } catch (error) {
    io.stderr(`toolgate mcp init: the server could not be listed: ${messageOf(error)}\n`);
    return EXIT.badInput;
  }
  if (values.out === undefined) {
    io.stdout(text);
    return EXIT.ok;
  }
  try {
    writeFileSync(values.out, text, { flag: 'wx' });
  } catch (error) {
    io.stderr(
      `toolgate mcp init: cannot write ${values.out} (it must not exist yet): ${messageOf(error)}\n`,
    );
    return EXIT.badInput;
  }
  io.stdout(
    `${values.out}: a starter policy for ${name}; edit it, then run toolgate mcp lock --policy ${values.out}\n`,
  );
  return EXIT.ok;
}
