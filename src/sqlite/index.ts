export { createSqliteSink, type SqliteSink, type SqliteSinkOptions } from './createSqliteSink.js';
export { migrateSqlite } from './migrateSqlite.js';
export type { RecordFilter, RecordRow } from '../stores/types.js';
