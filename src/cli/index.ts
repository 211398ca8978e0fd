import { nodeIo } from './nodeIo.js';
import { runCli } from './runCli.js';
import { runRecordsCli } from './runRecordsCli.js';

// The `toolgate` binary. The exit code is set, not forced, so output is flushed first.
const args = process.argv.slice(2);
// `records` reads a database, so it is async; every other command is sync.
if (args[0] === 'records') process.exitCode = await runRecordsCli(args.slice(1), nodeIo());
else process.exitCode = runCli(args, nodeIo());
