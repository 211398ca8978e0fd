/**
 * Which file-system calls does resolving a real path need?
 *
 * The subset of `node:fs` that `resolveRealpathWith` uses, so the algorithm
 * can be exercised with a fake file system (errors the test host cannot
 * produce, such as EACCES when running as root).
 */
export interface RealpathFs {
  readonly realpathSync: { readonly native: (path: string) => string };
  readonly lstatSync: (path: string) => unknown;
}
