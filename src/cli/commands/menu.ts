import { parseArgs } from 'node:util';
import { ToolgateError } from '../../errors/ToolgateError.js';
import { renderMenu } from '../../menu/renderMenu.js';
import type { MenuOptions } from '../../menu/types.js';
import { toAnthropicTools } from '../../providers/toAnthropicTools.js';
import { toMcpTools } from '../../providers/toMcpTools.js';
import { toOpenAITools } from '../../providers/toOpenAITools.js';
import { EXIT } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { printJson, reportBadInput } from '../report.js';
import { resolveContext } from '../resolveContext.js';
import { loadPolicyOrReport } from './loadPolicyOrReport.js';
import { usageError } from './usageError.js';

const OPTIONS = {
  grant: { type: 'string' },
  step: { type: 'string' },
  agent: { type: 'string' },
  format: { type: 'string', default: 'text' },
} as const;

const FORMATS = ['text', 'openai', 'openai-responses', 'anthropic', 'mcp'];

/**
 * `toolgate menu POLICY`: the granted-tool menu for a prompt (SPEC §8), or
 * the same tools as a provider's JSON list. Exit 0, or 2 for bad input.
 */
export function menu(args: readonly string[], io: CliIo): number {
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'menu', parsed.problem, false);
  const { values, positionals } = parsed.value;
  const [file, ...extra] = positionals;
  if (file === undefined)
    return usageError(io, 'menu', 'name the policy file: toolgate menu POLICY --grant NAME', false);
  if (extra.length > 0) return usageError(io, 'menu', `unexpected ${extra.join(' ')}`, false);
  if (!FORMATS.includes(values.format)) {
    return usageError(
      io,
      'menu',
      `--format ${JSON.stringify(values.format)} is not one of ${FORMATS.join(', ')}`,
      false,
    );
  }
  const policy = loadPolicyOrReport(io, 'menu', file, false, true);
  if (typeof policy === 'number') return policy;
  const resolved = resolveContext(policy, {
    grant: values.grant,
    step: values.step,
    agent: values.agent,
  });
  if (!resolved.ok)
    return reportBadInput(io, false, `toolgate menu: ${resolved.problem} (${resolved.fix})`);

  const { grant, step, visible } = resolved.context;
  const options: MenuOptions = {
    registry: policy.registry,
    grant,
    ...(step === undefined ? {} : { step }),
    ...(visible === undefined ? {} : { visible }),
  };
  try {
    printMenu(io, values.format, options);
  } catch (error) {
    // Two granted refs with the same provider name (a/b@1 and a__b@1) cannot be listed.
    if (!(error instanceof ToolgateError)) throw error;
    return reportBadInput(io, false, `toolgate menu: ${error.message}`);
  }
  return EXIT.ok;
}

function printMenu(io: CliIo, format: string, options: MenuOptions): void {
  switch (format) {
    case 'openai':
      printJson(io, toOpenAITools(options));
      break;
    case 'openai-responses':
      printJson(io, toOpenAITools(options, { api: 'responses' }));
      break;
    case 'anthropic':
      printJson(io, toAnthropicTools(options));
      break;
    case 'mcp':
      printJson(io, toMcpTools(options));
      break;
    default: {
      // The menu escapes registry text itself (SPEC §8); printed as rendered, so it is exactly the prompt text.
      const text = renderMenu(options);
      if (text !== '') io.stdout(`${text}\n`);
    }
  }
}
