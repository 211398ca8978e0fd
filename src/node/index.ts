export {
  createJsonlFileSink,
  type JsonlFileSink,
  type JsonlFileSinkOptions,
} from './createJsonlFileSink.js';
export {
  createOutputShaper,
  type OutputShaperOptions,
  type SavingOutputShaper,
} from './createOutputShaper.js';
export {
  createBuiltinHandlers,
  type BuiltinHandlerOptions,
  type BuiltinHandlers,
} from './tools/createBuiltinHandlers.js';
export { summarizeText } from './tools/summarizeText.js';
