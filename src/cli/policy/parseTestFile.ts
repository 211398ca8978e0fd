import { dirname, join } from 'node:path';
import type { GateContext, RefusalCode } from '../../gate/types.js';
import testSchema from '../../../schema/policy-tests.schema.json' with { type: 'json' };
import { diagnose, sortDiagnostics, type Diagnostic, type Place } from '../diagnostics.js';
import { resolveContext, type ContextChoice } from '../resolveContext.js';
import { checkAgainstSchema } from './checkAgainstSchema.js';
import { validatePolicyTestsFile } from './schemaValidators.generated.js';
import { lockBeside } from './besidePolicy.js';
import { loadPolicy } from './loadPolicy.js';
import { readYamlSource, type SourcePath, type YamlSource } from './readYamlSource.js';
import type { Policy, PolicyAgent, PolicyFiles } from './types.js';

/** What a case expects: every call allowed (or an answer), or a refusal with this code. */
export type Expectation = 'allow' | { readonly refuse: RefusalCode; readonly callIndex?: number };

/** One case, resolved against its policy and ready to decide. */
export interface PolicyTestCase {
  readonly name: string;
  readonly place: Place;
  readonly grantName: string;
  readonly agent?: PolicyAgent;
  readonly context: GateContext;
  readonly turn: unknown;
  readonly expect: Expectation;
}

/** A test file, loaded: its policy and its cases. */
export interface PolicyTestSuite {
  readonly file: string;
  readonly policy: Policy;
  readonly cases: readonly PolicyTestCase[];
}

/** The file as the schema admits it. */
interface TestDocument {
  readonly policy: string;
  readonly defaults?: ContextChoice;
  readonly cases: readonly (ContextChoice & {
    readonly name: string;
    readonly turn: unknown;
    readonly expect: Expectation;
  })[];
}

/**
 * Parses a policy test file and loads the policy it names (relative to the
 * file), reporting every problem at once with its place: YAML syntax, the
 * shipped schema, the policy's own errors, and each case's grant, step,
 * agent or cwd that the policy does not have.
 */
export function parseTestFile(
  file: string,
  text: string,
  files: PolicyFiles,
):
  | { readonly ok: true; readonly suite: PolicyTestSuite }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] } {
  const read = readYamlSource(file, text);
  if (!read.ok) return { ok: false, diagnostics: read.diagnostics };
  const { source } = read;
  const problems = checkAgainstSchema(testSchema, validatePolicyTestsFile, source);
  const diagnostics: Diagnostic[] = problems.map((problem) => problem.diagnostic);
  const reported = (path: SourcePath) =>
    problems.some((problem) => path.every((segment, index) => problem.path[index] === segment));
  const doc = source.value as Partial<TestDocument> | null;
  if (typeof doc?.policy !== 'string' || reported(['policy']))
    return { ok: false, diagnostics: sortDiagnostics(diagnostics) };

  const policyFile = join(dirname(file), doc.policy);
  // Offline (issue 30): SERVER/TOOL@1 cases are decided over the lock beside the policy.
  const loaded = loadPolicy(policyFile, files, {
    lock: lockBeside(policyFile),
    offline: true,
  });
  if (!loaded.ok) {
    const unreadable = loaded.diagnostics.find(
      (d) => d.code === 'unreadable_file' && d.file === policyFile,
    );
    if (unreadable === undefined) {
      diagnostics.push(...loaded.diagnostics.filter((d) => d.severity === 'error'));
      diagnostics.push(
        diagnose(
          source.place(['policy']),
          'error',
          'invalid_policy',
          `the policy ${policyFile} has errors`,
          `run toolgate validate ${policyFile}`,
        ),
      );
    } else {
      diagnostics.push(
        diagnose(
          source.place(['policy']),
          'error',
          'unreadable_file',
          `${unreadable.message} (${policyFile})`,
          'check the path: it is relative to this test file',
        ),
      );
    }
    return { ok: false, diagnostics: sortDiagnostics(diagnostics) };
  }
  const policy = loaded.policy;
  const defaults = reported(['defaults']) ? {} : (doc.defaults ?? {});
  const list: TestDocument['cases'] = Array.isArray(doc.cases)
    ? (doc.cases as TestDocument['cases'])
    : [];
  const cases = list.flatMap((item, index): PolicyTestCase[] => {
    // A case the schema refused is not run, but its grant, step, agent and cwd are still checked.
    const choice: ContextChoice = { ...defaults, ...pick(item, reported, index) };
    const resolved = resolveContext(policy, choice);
    if (!resolved.ok) {
      const name = typeof item.name === 'string' ? ` (${item.name})` : '';
      diagnostics.push(
        diagnose(
          placeOfChoice(source, doc, index, resolved.key),
          'error',
          `invalid_${resolved.key}`,
          `cases[${index}]${name}: ${resolved.problem}`,
          resolved.fix,
        ),
      );
      return [];
    }
    if (reported(['cases', index])) return [];
    return [
      {
        name: item.name,
        place: source.place(['cases', index, 'name']),
        grantName: resolved.grantName,
        ...(resolved.agent === undefined ? {} : { agent: resolved.agent }),
        context: resolved.context,
        turn: item.turn,
        expect: item.expect,
      },
    ];
  });
  if (diagnostics.length > 0) return { ok: false, diagnostics: sortDiagnostics(diagnostics) };
  return { ok: true, suite: { file, policy, cases } };
}

/** The context keys of a case that are text the schema did not refuse. */
function pick(
  item: unknown,
  reported: (path: SourcePath) => boolean,
  index: number,
): ContextChoice {
  if (typeof item !== 'object' || item === null) return {};
  const choice: Record<string, string> = {};
  for (const key of ['grant', 'step', 'agent', 'cwd'] as const) {
    const value = (item as Record<string, unknown>)[key];
    if (typeof value === 'string' && !reported(['cases', index, key])) choice[key] = value;
  }
  return choice;
}

/** Where a case's choice is written: in the case, else in defaults, else the case itself. */
function placeOfChoice(
  source: YamlSource,
  doc: Partial<TestDocument>,
  index: number,
  key: keyof ContextChoice,
): Place {
  const own: SourcePath = ['cases', index, key];
  if (doc.cases?.[index]?.[key] !== undefined) return source.place(own);
  if (doc.defaults?.[key] !== undefined) return source.place(['defaults', key]);
  return source.place(['cases', index], 'key');
}
