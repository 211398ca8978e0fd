import type {
  AuthorizedCall,
  DispatchDecision,
  Gate,
  GateContext,
  Refusal,
  TurnDecision,
} from '../../src/index.js';
import { REFUSAL_CODES } from '../gate/fixtures.js';
import {
  type OracleCall,
  type OracleScope,
  type OracleTurn,
  MAX_BYTES,
  MAX_DEPTH,
  decodeTurnText,
  decodeTurnValue,
  isPlainJson,
  whyDispatchInvalid,
  whyProposalInvalid,
} from './oracle.js';
import {
  aCall,
  aDeepTurn,
  aHost,
  aHugeTurn,
  aMutatedText,
  aPath,
  aPathTurn,
  aSecret,
  aTurnValue,
  aUrl,
  aWideTurn,
  anything,
  argumentsFor,
} from './generators.js';
import { createRandom, type Random } from './random.js';
import { ORACLE_SCOPES, ORACLE_TOOLS, createFuzzWorld } from './setup.js';
import { parseStrictJson } from './strictJson.js';

/**
 * Feeds random and mutated proposals through `checkTurn`, `checkDispatch`
 * and `authorize`, and holds every answer to the oracle: no exception may
 * escape, nothing the oracle calls invalid may be allowed (an escape), and
 * nothing it calls valid may be refused (a false refusal). It also checks
 * that `authorize` agrees with `checkTurn` followed by `checkDispatch`.
 * Each context is decided by its own gate (`createFuzzWorld().gates`): the
 * ones whose scope has `links` by a gate with a realpath over setup.ts's
 * fake tree.
 */

export interface FuzzOptions {
  readonly proposals: number;
  readonly seed: number;
  /** Called every 50 000 proposals with the number done so far. */
  readonly onProgress?: (done: number) => void;
}

export interface FuzzReport {
  readonly proposals: number;
  readonly seed: number;
  readonly families: Readonly<Record<string, number>>;
  /** What `authorize` settled, over every proposal that was a turn. */
  readonly settled: Readonly<Record<'tool' | 'answer' | 'rejected', number>>;
  /** checkDispatch on issued calls (same and other contexts) and on forged calls. */
  readonly dispatched: { readonly calls: number; readonly allowed: number };
  readonly forged: { readonly calls: number; readonly allowed: number };
  /**
   * For each context with folder denies or a fake tree (by index): its
   * dispatch verdicts on calls of tools that name paths, `allowed` and the
   * oracle's reason for each refusal.
   */
  readonly pathVerdicts: Readonly<Record<number, Readonly<Record<string, number>>>>;
  /** Decisions the oracle checked (it skips only decoded values within 10% of the size limit). */
  readonly judged: number;
  readonly exceptions: number;
  readonly escapes: number;
  readonly falseRefusals: number;
  readonly inconsistencies: number;
  /** The first problems found, described. */
  readonly samples: readonly string[];
  readonly ms: number;
}

const FAMILIES = [
  ['generated value', 30],
  ['generated text', 18],
  ['byte mutation', 25],
  ['anything', 10.7],
  ['forged dispatch', 12],
  ['path readings', 8],
  ['deep nesting', 4],
  ['wide', 0.2],
  ['huge string', 0.1],
] as const;
type Family = (typeof FAMILIES)[number][0];
const TOTAL_WEIGHT = FAMILIES.reduce((sum, [, weight]) => sum + weight, 0);

function pickFamily(random: Random): Family {
  let roll = random.next() * TOTAL_WEIGHT;
  for (const [family, weight] of FAMILIES) {
    roll -= weight;
    if (roll < 0) return family;
  }
  return 'generated value';
}

function generate(family: Family, random: Random): unknown {
  switch (family) {
    case 'generated value':
      return aTurnValue(random);
    case 'generated text':
      return JSON.stringify(aTurnValue(random), null, random.chance(0.2) ? 2 : undefined);
    case 'byte mutation':
      return aMutatedText(random);
    case 'deep nesting':
      return aDeepTurn(random);
    case 'wide':
      return aWideTurn(random);
    case 'huge string':
      return aHugeTurn(random);
    case 'path readings':
      return random.chance(0.3) ? JSON.stringify(aPathTurn(random)) : aPathTurn(random);
    default:
      return anything(random);
  }
}

const CODES: ReadonlySet<string> = new Set(REFUSAL_CODES);
const REFUSAL_KEYS = new Set(['check', 'code', 'reason', 'callIndex', 'ref', 'details']);

/** Is this refusal plain, serializable data with a code in the closed set? */
function isWellFormed(refusal: Refusal): boolean {
  return (
    Object.isFrozen(refusal) &&
    Object.keys(refusal).every((key) => REFUSAL_KEYS.has(key)) &&
    typeof refusal.check === 'string' &&
    CODES.has(refusal.code) &&
    typeof refusal.reason === 'string' &&
    refusal.reason !== '' &&
    (refusal.details === undefined ||
      refusal.details.every(
        (detail) => typeof detail.pointer === 'string' && typeof detail.message === 'string',
      ))
  );
}

/** What the oracle says each stage must settle, from the decoded turn. */
function judge(
  turn: OracleTurn,
  scope: OracleScope,
): { readonly proposal: TurnDecision['settled']; readonly flow: TurnDecision['settled'] } {
  if (turn.kind === 'invalid') return { proposal: 'rejected', flow: 'rejected' };
  if (turn.kind === 'answer') return { proposal: 'answer', flow: 'answer' };
  if (turn.calls.some((call) => whyProposalInvalid(call, scope, ORACLE_TOOLS) !== undefined))
    return { proposal: 'rejected', flow: 'rejected' };
  const dispatchable = turn.calls.every(
    (call) => whyDispatchInvalid(withShape(call), scope, ORACLE_TOOLS) === undefined,
  );
  return { proposal: 'tool', flow: dispatchable ? 'tool' : 'rejected' };
}

/** The call as the proposal stage hands it on: the default shape filled in. */
function withShape(call: OracleCall) {
  return {
    ...call,
    shape: call.shape ?? ORACLE_TOOLS.get(`${call.tool}@${call.version}`)?.shapes[0] ?? 'call',
  };
}

/** Does an authorized call carry exactly what the oracle decoded? */
function sameCall(authorized: AuthorizedCall, decoded: OracleCall): boolean {
  const expected = withShape(decoded);
  return (
    authorized.tool === expected.tool &&
    authorized.version === expected.version &&
    authorized.ref === `${expected.tool}@${expected.version}` &&
    authorized.shape === expected.shape &&
    authorized.rawArguments === expected.rawArguments &&
    JSON.stringify(authorized.arguments) === JSON.stringify(expected.arguments)
  );
}

/** Do two decisions say the same, field by field (key order aside)? */
function sameDecision(a: TurnDecision, b: TurnDecision): boolean {
  if (a.settled === 'answer' && b.settled === 'answer') return a.answer === b.answer;
  if (a.settled === 'tool' && b.settled === 'tool')
    return JSON.stringify(a.calls) === JSON.stringify(b.calls);
  if (a.settled !== 'rejected' || b.settled !== 'rejected') return false;
  const [x, y] = [a.refusal, b.refusal];
  return (
    x.check === y.check &&
    x.code === y.code &&
    x.reason === y.reason &&
    x.callIndex === y.callIndex &&
    x.ref === y.ref &&
    JSON.stringify(x.details) === JSON.stringify(y.details)
  );
}

/** Reads a call handed to checkDispatch that the gate did not issue, as the README describes. */
function decodeForged(value: unknown): OracleCall | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !isPlainJson(value, 0))
    return undefined;
  const call = value as Record<string, unknown>;
  const keys = ['tool', 'version', 'ref', 'shape', 'arguments', 'rawArguments'];
  if (Object.keys(call).some((key) => !keys.includes(key))) return undefined;
  const { tool, version, ref, shape, arguments: args, rawArguments } = call;
  if (
    typeof tool !== 'string' ||
    typeof version !== 'number' ||
    !Number.isSafeInteger(version) ||
    version < 1
  )
    return undefined;
  if (ref !== `${tool}@${version}` || typeof shape !== 'string') return undefined;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return undefined;
  if (rawArguments !== undefined) {
    if (typeof rawArguments !== 'string') return undefined;
    const parsed = parseStrictJson(rawArguments, MAX_DEPTH);
    if (!parsed.ok || JSON.stringify(parsed.value) !== JSON.stringify(args)) return undefined;
  }
  return { tool, version, shape, arguments: args as Record<string, unknown> };
}

/** Changes an issued call the way a forger, or a careless serializer, might. */
function forge(random: Random, call: AuthorizedCall): Record<string, unknown> {
  const forged = JSON.parse(JSON.stringify(call)) as Record<string, unknown>;
  const args = forged.arguments as Record<string, unknown>;
  const keepRawInStep = () => {
    if (forged.rawArguments !== undefined && random.chance(0.7))
      forged.rawArguments = JSON.stringify(forged.arguments);
  };
  switch (random.int(9)) {
    case 0:
    case 1: {
      const key = random.pick(['path', 'url', 'secret', 'hosts', 'dest', 'files', 'query']);
      args[key] = random.pick([
        aPath,
        aUrl,
        aSecret,
        () => [aHost(random)],
        () => [{ path: aPath(random) }],
      ])(random);
      keepRawInStep();
      break;
    }
    case 2:
      forged.arguments = argumentsFor(
        random,
        random.pick(['fs-read', 'fs-write', 'http/get', 'sync/all', 'files/copy']),
      );
      keepRawInStep();
      break;
    case 3:
      forged.tool = random.pick(['fs-write', 'admin/wipe', 'ghost/tool', 'http/get', 'vault/use']);
      if (random.chance(0.8)) forged.ref = `${forged.tool as string}@${String(forged.version)}`;
      break;
    case 4:
      forged.shape = random.pick(['call', 'read', 'overwrite', 'stream', 'append', '']);
      break;
    case 5:
      forged[random.pick(['extra', '__proto__', 'visible'])] = random.pick<unknown>([
        true,
        'x',
        {},
      ]);
      break;
    case 6: {
      // rawArguments that repeat a key: the checked value last, another value first.
      const first = JSON.stringify({ path: '/etc/passwd', url: 'https://evil.com/' }).slice(1, -1);
      forged.rawArguments = `{${first},${JSON.stringify(forged.arguments).slice(1)}`;
      break;
    }
    case 7:
      forged.rawArguments = JSON.stringify(
        forged.arguments,
        null,
        random.chance(0.5) ? 1 : undefined,
      );
      break;
    default:
      Reflect.deleteProperty(
        forged,
        random.pick(['tool', 'version', 'ref', 'shape', 'arguments', 'rawArguments']),
      );
  }
  return forged;
}

/** Does this context's scope carry the path model of SPEC §13, §14.1 (deny entries or a fake tree)? */
const hasPathModel = (scope: OracleScope) =>
  scope.denies !== undefined || scope.links !== undefined;

/** Does this call's tool name a path? */
const namesPaths = (call: OracleCall) =>
  ORACLE_TOOLS.get(`${call.tool}@${call.version}`)?.resources.some(
    (resource) => resource.kind === 'path',
  ) === true;

/** Runs the fuzzer and reports what it saw. */
export function runFuzz(options: FuzzOptions): FuzzReport {
  const { gates, contexts } = createFuzzWorld();
  const pathModelIndexes = ORACLE_SCOPES.flatMap((scope, index) =>
    hasPathModel(scope) ? [index] : [],
  );
  const random = createRandom(options.seed);
  const families: Record<string, number> = {};
  const settled = { tool: 0, answer: 0, rejected: 0 };
  const dispatched = { calls: 0, allowed: 0 };
  const forged = { calls: 0, allowed: 0 };
  const pathVerdicts: Record<number, Record<string, number>> = {};
  const samples: string[] = [];
  let judged = 0;
  let exceptions = 0;
  let escapes = 0;
  let falseRefusals = 0;
  let inconsistencies = 0;
  const note = (what: string, input: unknown, context: number) => {
    if (samples.length >= 20) return;
    let shown: string;
    try {
      // JSON.stringify gives undefined for undefined, functions and symbols.
      const json = JSON.stringify(input) as string | undefined;
      shown = json ?? String(input);
    } catch {
      shown = Object.prototype.toString.call(input);
    }
    samples.push(
      `${what} (context ${context}): ${shown.length > 400 ? `${shown.slice(0, 400)}…` : shown}`,
    );
  };
  /** Runs one gate entry point; an exception is counted and noted, and gives undefined. */
  const guarded = <T>(run: () => T, input: unknown, context: number): T | undefined => {
    try {
      return run();
    } catch (error) {
      exceptions++;
      note(`exception ${error instanceof Error ? error.message : String(error)}`, input, context);
      return undefined;
    }
  };
  /** Counts a dispatch verdict on a call that names paths, in a context with the path model. */
  const tallyPath = (index: number, decoded: OracleCall, allowed: boolean, why?: string) => {
    const scope = ORACLE_SCOPES[index] as OracleScope;
    if (!hasPathModel(scope) || !namesPaths(decoded)) return;
    const key = allowed
      ? 'allowed'
      : (why ?? whyDispatchInvalid(withShape(decoded), scope, ORACLE_TOOLS) ?? 'valid');
    const tally = (pathVerdicts[index] ??= {});
    tally[key] = (tally[key] ?? 0) + 1;
  };
  /** Dispatches one call and checks the verdict against the oracle for that context. */
  const dispatchAndJudge = (
    call: AuthorizedCall | Record<string, unknown>,
    decoded: OracleCall | undefined,
    index: number,
  ): DispatchDecision | undefined => {
    const verdict = guarded(
      () => (gates[index] as Gate).checkDispatch(call, contexts[index] as GateContext),
      call,
      index,
    );
    if (verdict === undefined) return undefined;
    if (!verdict.allowed && !isWellFormed(verdict.refusal)) {
      inconsistencies++;
      note('ill-formed dispatch refusal', verdict, index);
    }
    const why =
      decoded === undefined
        ? 'undecodable'
        : whyDispatchInvalid(withShape(decoded), ORACLE_SCOPES[index] as OracleScope, ORACLE_TOOLS);
    const valid = why === undefined;
    if (decoded !== undefined) tallyPath(index, decoded, verdict.allowed, why);
    if (verdict.allowed && !valid) {
      escapes++;
      note('escape at dispatch', call, index);
    } else if (!verdict.allowed && valid) {
      falseRefusals++;
      note(`false refusal at dispatch: ${verdict.refusal.reason}`, call, index);
    }
    return verdict;
  };

  const started = performance.now();
  for (let done = 0; done < options.proposals; done++) {
    if (options.onProgress !== undefined && done > 0 && done % 50_000 === 0)
      options.onProgress(done);
    const family = pickFamily(random);
    families[family] = (families[family] ?? 0) + 1;
    // Path readings go to the contexts with the path model; every other family to any context.
    const index =
      family === 'path readings' ? random.pick(pathModelIndexes) : random.int(contexts.length);
    const context = contexts[index] as GateContext;
    const scope = ORACLE_SCOPES[index] as OracleScope;
    const gate = gates[index] as Gate;

    if (family === 'forged dispatch') {
      const proposed = gate.checkTurn({ calls: [aCall(random)] }, context);
      if (proposed.settled !== 'tool' || proposed.calls[0] === undefined) continue;
      const call = forge(random, proposed.calls[0]);
      const other = random.int(contexts.length);
      forged.calls++;
      dispatched.calls++;
      const verdict = dispatchAndJudge(call, decodeForged(call), other);
      if (verdict?.allowed === true) {
        forged.allowed++;
        dispatched.allowed++;
      }
      continue;
    }

    const input = generate(family, random);
    const turn = guarded(() => gate.checkTurn(input, context), input, index);
    const preflight = guarded(() => gate.authorize(input, context), input, index);
    if (turn === undefined || preflight === undefined) continue;
    settled[preflight.settled]++;
    for (const decision of [turn, preflight]) {
      if (decision.settled === 'rejected' && !isWellFormed(decision.refusal)) {
        inconsistencies++;
        note('ill-formed refusal', decision, index);
      }
    }

    // The flow a runtime follows, which authorize must match exactly.
    let flow: TurnDecision = turn;
    const flowVerdicts: boolean[] = [];
    if (turn.settled === 'tool') {
      for (const [callIndex, call] of turn.calls.entries()) {
        dispatched.calls++;
        const verdict = guarded(() => gate.checkDispatch(call, context), input, index);
        if (verdict === undefined) break;
        flowVerdicts.push(verdict.allowed);
        if (verdict.allowed) {
          dispatched.allowed++;
          if (verdict.call !== call) {
            inconsistencies++;
            note('checkDispatch returned another call object', input, index);
          }
        } else {
          flow = { settled: 'rejected', refusal: { ...verdict.refusal, callIndex } };
          break;
        }
      }
    }
    if (!sameDecision(flow, preflight)) {
      inconsistencies++;
      note(
        `authorize ${JSON.stringify(preflight).slice(0, 200)} differs from checkTurn+checkDispatch ${JSON.stringify(flow).slice(0, 200)}`,
        input,
        index,
      );
    }

    // The oracle's verdict; a decoded value near the size limit is left unjudged (its size is counted approximately).
    let decoded: OracleTurn;
    if (typeof input === 'string') {
      decoded = decodeTurnText(input);
    } else {
      // The gate sizes a decoded value approximately (strings by UTF-16 length, escapes not
      // expanded), so a value near the limit, or a large one whose JSON text has escapes, is not judged.
      const json = (JSON.stringify(input) as string | undefined) ?? '';
      if (json.length > MAX_BYTES * 0.9 && (json.length < MAX_BYTES * 1.1 || json.includes('\\')))
        continue;
      decoded =
        json.length >= MAX_BYTES * 1.1
          ? { kind: 'invalid', why: 'too large' }
          : decodeTurnValue(input);
    }
    judged++;
    const expected = judge(decoded, scope);
    for (const [stage, actual, want] of [
      ['checkTurn', turn.settled, expected.proposal],
      ['authorize', preflight.settled, expected.flow],
    ] as const) {
      if (actual === want) continue;
      if (want === 'rejected' || (actual === 'tool' && want === 'answer')) {
        escapes++;
        note(`escape: ${stage} settled ${actual}, the oracle says ${want}`, input, index);
      } else {
        falseRefusals++;
        const decision = stage === 'checkTurn' ? turn : preflight;
        const why = decision.settled === 'rejected' ? `: ${decision.refusal.reason}` : '';
        note(
          `false refusal: ${stage} settled ${actual}${why}, the oracle says ${want}`,
          input,
          index,
        );
      }
    }
    if (turn.settled === 'tool' && decoded.kind === 'calls') {
      for (const [callIndex, allowed] of flowVerdicts.entries()) {
        const source = decoded.calls[callIndex];
        if (source !== undefined) tallyPath(index, source, allowed);
      }
      for (const [callIndex, call] of turn.calls.entries()) {
        const source = decoded.calls[callIndex];
        if (source === undefined || !sameCall(call, source) || !Object.isFrozen(call.arguments)) {
          escapes++;
          note('an authorized call differs from what the turn said', input, index);
        }
      }
      // Between the stages: the same calls dispatched under another context must follow that context's oracle.
      if (random.chance(0.2)) {
        const other = random.int(contexts.length);
        for (const [callIndex, call] of turn.calls.entries()) {
          dispatched.calls++;
          if (dispatchAndJudge(call, decoded.calls[callIndex], other)?.allowed === true)
            dispatched.allowed++;
        }
      }
    }
  }
  return {
    proposals: options.proposals,
    seed: options.seed,
    families,
    settled,
    dispatched,
    forged,
    pathVerdicts,
    judged,
    exceptions,
    escapes,
    falseRefusals,
    inconsistencies,
    samples,
    ms: performance.now() - started,
  };
}
