import { describeValue } from '../data/describeValue.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { isToolName } from './isToolName.js';
import { isToolVersion } from './isToolVersion.js';
import type { ToolRef } from './parseToolRef.js';

/**
 * Formats a tool's identity as its ref. Throws `ToolgateError` (`invalid_ref`)
 * when the name or version breaks the rules, so no invalid ref is ever made.
 *
 * // { name: 'slack/search', version: 1 } => slack/search@1
 */
export function formatToolRef(ref: ToolRef): string {
  if (!isToolName(ref.name) || !isToolVersion(ref.version)) {
    throw new ToolgateError(
      'invalid_ref',
      `cannot format a ref from name ${JSON.stringify(describeValue(ref.name))} and version ${describeValue(ref.version)}: the name must follow the tool-name rule and the version must be a positive integer`,
    );
  }
  return `${ref.name}@${ref.version}`;
}
