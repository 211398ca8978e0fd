// Regenerates src/registry/metaSchemaValidators.generated.ts from the
// installed ajv: `node scripts/generateMetaSchemaValidators.js`. Run it after
// upgrading ajv; test/registry/metaSchemaValidators.test.ts fails until then.
import { writeFileSync } from 'node:fs';
import { URL } from 'node:url';
import { generateMetaSchemaValidators } from './metaSchemaValidators.js';

const target = new URL('../src/registry/metaSchemaValidators.generated.ts', import.meta.url);
writeFileSync(target, generateMetaSchemaValidators());
