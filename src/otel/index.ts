export { createOtelSink, type OtelSinkOptions } from './createOtelSink.js';
export { createTeeSink } from './createTeeSink.js';
