/**
 * What a documented example takes from the reader's own program: the model
 * and the code that runs a tool. The doc-example test
 * (test/docs/examples.e2e.test.ts) compiles this file beside every `ts` block
 * of the README and docs/, and loads it (`node --import`) before each one
 * runs, so a block can call `model(…)` and `execute(…)` the way a reader's
 * runtime would. The models agent runtimes take are in preludeModels.ts.
 * Keep it small: everything else an example uses, it must write itself.
 */

/** One proposal a scripted model makes, in order; an answer once the script runs out. */
const SCRIPT: readonly unknown[] = [
  { calls: [{ tool: 'fs-read', version: 1, arguments: { path: 'notes.md' } }] },
  { calls: [{ tool: 'fs-read', version: 1, arguments: { path: '../etc/passwd' } }] },
];

let turns = 0;

/**
 * The reader's model: given the menu and the last feedback, the next turn,
 * as the model wrote it (JSON text). This one follows a script: a read, a
 * read that escapes the folder, then an answer.
 */
async function scriptedModel(menu: string, feedback: string): Promise<string> {
  if (typeof menu !== 'string' || typeof feedback !== 'string')
    throw new TypeError('model(menu, feedback) takes two strings');
  await Promise.resolve();
  const next = SCRIPT[turns++];
  return JSON.stringify(next ?? { answer: `done after ${String(turns - 1)} turns` });
}

/** The reader's tool runner: runs one authorized call and returns its output as text. */
async function runCall(call: {
  readonly ref: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}): Promise<string> {
  await Promise.resolve();
  return `ran ${call.ref} with ${JSON.stringify(call.arguments)}`;
}

/**
 * The globals an example sees. The test declares them for the compiler in the
 * example folder only (`declare var model: typeof import('./prelude.js').PRELUDE.model`),
 * so they do not leak into the repository's own type check.
 */
export const PRELUDE = { model: scriptedModel, execute: runCall };

Object.assign(globalThis, PRELUDE);
