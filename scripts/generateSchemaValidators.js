// Regenerates src/cli/policy/schemaValidators.generated.ts from the installed
// ajv and the schemas in schema/: `node scripts/generateSchemaValidators.js`.
// Run it after changing a schema or upgrading ajv; test/cli/schemaValidators.test.ts
// fails until then.
import { writeFileSync } from 'node:fs';
import { URL } from 'node:url';
import { generateSchemaValidators } from './schemaValidators.js';

const target = new URL('../src/cli/policy/schemaValidators.generated.ts', import.meta.url);
writeFileSync(target, generateSchemaValidators());
