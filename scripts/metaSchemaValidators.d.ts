/** The text of src/registry/metaSchemaValidators.generated.ts, from the installed ajv. */
export function generateMetaSchemaValidators(): string;
