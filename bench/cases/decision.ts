/**
 * Decision-equivalent case, N entries (argv[2]): every engine, allow and
 * deny, interleaved in this one process. Every decision is verified first.
 */
import { emit, timedOptions, verify } from '../lib/child.js';
import { measureTimed, type BenchCase } from '../lib/measure.js';
import {
  allowRequests,
  decisionEngines,
  denyRequests,
  expectedDecision,
} from '../peers/decisionCase.js';

const VARIANTS = 64;
const n = Number(process.argv[2] ?? 10);
const engines = await decisionEngines(n);
const requests = { allow: allowRequests(VARIANTS), deny: denyRequests(VARIANTS) };

const cases: BenchCase[] = [];
for (const engine of engines) {
  for (const [kind, list] of Object.entries(requests)) {
    const decide = engine.bind(list);
    list.forEach((request, i) => {
      verify(`${engine.name}, ${kind} request ${i}`, decide(i), expectedDecision(n, request));
    });
    cases.push({ name: `${engine.name} | ${kind}`, operation: decide });
  }
}

emit({ group: `decision-${n}`, cases: measureTimed(cases, timedOptions()) });
