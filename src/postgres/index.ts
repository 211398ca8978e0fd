export { createPostgresSink, type PostgresSink } from './createPostgresSink.js';
export { migratePostgres } from './migratePostgres.js';
export type { PostgresOptions } from './readPostgresOptions.js';
export type { RecordFilter, RecordRow } from '../stores/types.js';
