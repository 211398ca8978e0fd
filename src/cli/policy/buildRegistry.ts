import { ToolgateError } from '../../errors/ToolgateError.js';
import { createRegistry } from '../../registry/createRegistry.js';
import type { BuiltinsMode, Registry, ToolDefinition } from '../../registry/types.js';
import { DEFINITION_KEYS } from '../../registry/validateDefinition.js';
import { diagnose, type Diagnostic } from '../diagnostics.js';
import { formatSourcePath } from './formatSourcePath.js';
import { placeLibraryProblem } from './placeLibraryProblem.js';
import type { SourcePath, YamlSource } from './readYamlSource.js';

/**
 * Builds the policy's registry: the built-ins, then each tool definition in
 * order, each placed problem reported (`registry.register` lists them all).
 * A problem at a place the schema already reported, and an unknown key
 * (the schema reports every one), is left out: each problem is told once.
 */
export function buildRegistry(
  builtins: BuiltinsMode,
  tools: readonly unknown[],
  source: YamlSource,
  isReported: (path: SourcePath) => boolean,
  diagnostics: Diagnostic[],
): Registry {
  const registry = createRegistry({ builtins });
  tools.forEach((tool, index) => {
    const base: SourcePath = ['tools', index];
    try {
      registry.register(tool as ToolDefinition);
    } catch (error) {
      if (!(error instanceof ToolgateError)) throw error;
      if (error.code === 'duplicate_tool' && !isReported(base)) {
        const where = formatSourcePath(base);
        diagnostics.push(
          diagnose(
            source.place([...base, 'version']),
            'error',
            'duplicate_tool',
            `${where}: ${error.message}`,
            'give it another version, or remove one of the two definitions',
          ),
        );
      } else if (error.code !== 'duplicate_tool') {
        for (const problem of error.problems) {
          const placed = placeLibraryProblem(
            problem,
            base,
            DEFINITION_KEYS,
            source,
            'invalid_tool',
          );
          if (!isReported(placed.path) && !problem.includes('unknown key'))
            diagnostics.push(placed.diagnostic);
        }
      }
    }
  });
  return registry;
}
