import { nodeIo } from './nodeIo.js';
import { runCli } from './runCli.js';
import { runRecordsCli } from './runRecordsCli.js';
import { wantsHelp } from './wantsHelp.js';

// The `toolgate` binary. The exit code is set, not forced, so output is flushed first.
const args = process.argv.slice(2);
// `records` and `suggest` read a database, so they are async; every other command but `mcp` is sync.
if (args[0] === 'records' || args[0] === 'suggest' || args[0] === 'approvals')
  process.exitCode = await runRecordsCli(args.slice(1), nodeIo(), args[0]);
// `toolgate ui` serves a page until it is stopped.
else if (args[0] === 'ui')
  void import('./commands/ui.js')
    .then(({ ui }) => ui(args.slice(1), nodeIo()))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        process.stderr.write(`toolgate ui: internal error: ${String(error)}\n`);
        process.exitCode = 2;
      },
    );
// `toolgate mcp` is long-running and asynchronous: it has its own entry (its help is runCli's).
else if (args[0] === 'mcp' && !wantsHelp(args.slice(1)))
  // Loaded only for `mcp`: the other commands do not pay for the MCP SDK at start.
  void import('./commands/mcp.js')
    .then(({ mcp }) => mcp(args.slice(1), nodeIo()))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        process.stderr.write(`toolgate mcp: internal error: ${String(error)}\n`);
        process.exitCode = 2;
      },
    );
else process.exitCode = runCli(args, nodeIo());
