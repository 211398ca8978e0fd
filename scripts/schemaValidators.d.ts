/** The text of src/cli/policy/schemaValidators.generated.ts, from the installed ajv and schema/. */
export function generateSchemaValidators(): string;
/** The ajv options the generated validators are compiled with. */
export function schemaValidatorOptions(): {
  allErrors: true;
  verbose: true;
  allowUnionTypes: true;
  logger: false;
  validateSchema: false;
};
