/**
 * Whether a command line asks for help: `-h` or `--help` before any `--`
 * (what follows `--` belongs to another program, such as the server
 * `toolgate mcp init --server -- CMD ARGS…` starts).
 *
 * // ['lock', '--help'] => true; ['init', '--server', '--', 'srv', '--help'] => false
 */
export function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  const own = end === -1 ? args : args.slice(0, end);
  return own.includes('-h') || own.includes('--help');
}
