import { formatSchemaErrors } from '../../registry/formatSchemaErrors.js';
import { pass, type Check } from '../Check.js';
import { findReadingMismatches } from '../findReadingMismatches.js';

/** At most this many schema errors are listed; a refusal goes back to the model, so it stays short. */
export const MAX_SCHEMA_DETAILS = 20;

/**
 * Do the arguments have the shape the tool's inputSchema declares? And,
 * when an adapter hands in how the tool's own schema reads them (rev 3),
 * does that reading keep every scoped value as the gate will check it?
 */
export const areArgumentsValid: Check = (call, ctx) => {
  // INVARIANT: proposal.granted ran first and refused a call with no tool.
  const tool = ctx.tool;
  if (tool === undefined) return { code: 'not_granted', ref: call.ref };
  if (tool.validate(call.arguments)) {
    if (ctx.reading === undefined) return pass;
    const mismatches = findReadingMismatches(tool, call.arguments, ctx.reading);
    return mismatches.length === 0
      ? pass
      : { code: 'bad_arguments', ref: call.ref, details: mismatches.slice(0, MAX_SCHEMA_DETAILS) };
  }
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
