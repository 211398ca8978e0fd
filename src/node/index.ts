export { createJsonlFileSink, type JsonlFileSink, type JsonlFileSinkOptions } from './createJsonlFileSink.js';
