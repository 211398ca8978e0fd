import { nodeIo } from './nodeIo.js';
import { runCli } from './runCli.js';

// The `toolgate` binary. The exit code is set, not forced, so output is flushed first.
process.exitCode = runCli(process.argv.slice(2), nodeIo());
