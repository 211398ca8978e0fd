import { runFuzz, type FuzzReport } from './fuzzGate.js';

/**
 * `npm run fuzz`: feeds at least 1 000 000 proposals through the gate and
 * prints the counts and the throughput. Exits 1 when anything escaped, was
 * falsely refused, threw, or disagreed between entry points.
 *
 * Options: --proposals N (default 1 000 000), --seed S (default 20261130).
 */
function readOption(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number`);
  return value;
}

const proposals = readOption('proposals', 1_000_000);
const seed = readOption('seed', 20_261_130);
console.log(`fuzzing the gate with ${proposals.toLocaleString('en')} proposals (seed ${seed})`);
const report: FuzzReport = runFuzz({
  proposals,
  seed,
  onProgress: (done) => {
    console.log(`  … ${done.toLocaleString('en')} proposals`);
  },
});
console.log(formatReport(report));
process.exitCode =
  report.escapes + report.falseRefusals + report.exceptions + report.inconsistencies === 0 ? 0 : 1;

/** The report as the lines a reviewer reads. */
export function formatReport(r: FuzzReport): string {
  const seconds = r.ms / 1000;
  const lines = [
    `proposals:        ${r.proposals.toLocaleString('en')} in ${seconds.toFixed(1)} s (${Math.round(r.proposals / seconds).toLocaleString('en')} proposals/s)`,
    `families:         ${Object.entries(r.families)
      .map(([family, count]) => `${family} ${count.toLocaleString('en')}`)
      .join(', ')}`,
    `authorize:        tool ${r.settled.tool.toLocaleString('en')}, answer ${r.settled.answer.toLocaleString('en')}, rejected ${r.settled.rejected.toLocaleString('en')}`,
    `checkDispatch:    ${r.dispatched.calls.toLocaleString('en')} calls, ${r.dispatched.allowed.toLocaleString('en')} allowed (forged: ${r.forged.calls.toLocaleString('en')} calls, ${r.forged.allowed.toLocaleString('en')} allowed)`,
    ...Object.entries(r.pathVerdicts).map(
      ([index, tally]) =>
        `path calls (context ${index}): ${Object.entries(tally)
          .map(([key, count]) => `${key} ${count.toLocaleString('en')}`)
          .join(', ')}`,
    ),
    `judged by oracle: ${r.judged.toLocaleString('en')} turns`,
    `exceptions:       ${r.exceptions}`,
    `escapes:          ${r.escapes}`,
    `false refusals:   ${r.falseRefusals}`,
    `inconsistencies:  ${r.inconsistencies}`,
    ...r.samples.map((sample) => `  ! ${sample}`),
  ];
  return lines.join('\n');
}
