import { formatSchemaErrors } from '../../registry/formatSchemaErrors.js';
import { pass, type Check } from '../Check.js';

/** At most this many schema errors are listed; a refusal goes back to the model, so it stays short. */
export const MAX_SCHEMA_DETAILS = 20;

/** Do the arguments have the shape the tool's inputSchema declares? */
export const areArgumentsValid: Check = (call, ctx) => {
  // INVARIANT: proposal.granted ran first and refused a call with no tool.
  const tool = ctx.tool;
  if (tool === undefined) return { code: 'not_granted', ref: call.ref };
  if (tool.validate(call.arguments)) return pass;
  const errors = formatSchemaErrors(tool.validate.errors);
  // 1,000 wrong list items => the first 20, then "… and 980 more"
  const details =
    errors.length <= MAX_SCHEMA_DETAILS
      ? errors
      : [
          ...errors.slice(0, MAX_SCHEMA_DETAILS),
          {
            pointer: '',
            message: `… and ${errors.length - MAX_SCHEMA_DETAILS} more schema errors`,
          },
        ];
  return { code: 'bad_arguments', ref: call.ref, details };
};
