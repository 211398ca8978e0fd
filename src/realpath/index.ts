export { nodeRealpath } from './nodeRealpath.js';
export type { RealpathFn } from './RealpathFn.js';
