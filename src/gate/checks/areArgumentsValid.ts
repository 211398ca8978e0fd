import { formatSchemaErrors } from '../../registry/formatSchemaErrors.js';
import { pass, type Check } from '../Check.js';

/** Do the arguments have the shape the tool's inputSchema declares? */
export const areArgumentsValid: Check = (call, ctx) => {
  // INVARIANT: proposal.granted ran first and refused a call with no tool.
  const tool = ctx.tool;
  if (tool === undefined) return { code: 'not_granted', ref: call.ref };
  return tool.validate(call.arguments)
    ? pass
    : { code: 'bad_arguments', ref: call.ref, details: formatSchemaErrors(tool.validate.errors) };
};
