import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compiledGrantOf } from '../../src/grant/compiledGrant.js';
import { createGrant } from '../../src/grant/createGrant.js';
import { findGrantEntry } from '../../src/grant/findGrantEntry.js';
import { parseHostPattern, parseHostResource } from '../../src/scope/host/index.js';
import { canonicalizeRoot } from '../../src/scope/path/index.js';
import { runs } from '../helpers/testEnv.js';

// Fixed seed: every run explores the same cases, so a failure is reproducible.
const RUNS = { numRuns: runs(2_000), seed: 20_251_130 };

// Small alphabets, so generated values often sit right at a scope's edge.
const rootArb = fc.constantFrom('/', '/srv', '/srv/a', '/srv/a/b', '/srv/ab', '/tmp');
const pathArb = fc.constantFrom(
  '/',
  '/srv',
  '/srv/a',
  '/srv/a/b/c',
  '/srv/ab',
  '/srv/abc',
  '/tmp/x',
  '/etc',
);
const folderArb = fc
  .tuple(rootArb, fc.constantFrom<'read' | 'write' | undefined>('read', 'write', undefined))
  .map(([path, access]) => (access === undefined ? path : { path, access }));
const patternArb = fc.constantFrom(
  '*',
  'example.com',
  '*.example.com',
  'a.example.com:443',
  '*.a.example.com',
  'other.org',
  '10.0.0.1',
  '10.0.0.1:80',
);
const hostArb = fc.constantFrom(
  'example.com',
  'a.example.com',
  'b.a.example.com',
  'other.org',
  'x.other.org',
  '10.0.0.1',
  'example.com.evil.net',
);
const portArb = fc.constantFrom(undefined, 80, 443);
const secretEntryArb = fc.constantFrom('*', 'A_*', 'A_B', 'A*', 'B');
const secretArb = fc.constantFrom('A', 'A_', 'A_B', 'A_BC', 'B', 'b', 'C');

describe("explain laws: findGrantEntry names an entry exactly when the gate's compiled matchers allow", () => {
  it('for folders, with read and write access', () => {
    fc.assert(
      fc.property(
        fc.array(folderArb, { maxLength: 4 }),
        pathArb,
        fc.constantFrom<'read' | 'write'>('read', 'write'),
        (folders, text, access) => {
          const grant = createGrant({ folders });
          const compiled = compiledGrantOf(grant);
          const path = canonicalizeRoot(text);
          if (compiled === undefined || !path.ok) throw new Error('setup');
          const allowed = (access === 'read' ? compiled.readable : compiled.writable).covers(
            path.value,
          );
          const found = findGrantEntry(grant, { kind: 'folder', path: path.value, access });
          expect(found !== undefined).toBe(allowed);
          if (found !== undefined) expect(access === 'read' || found.access === 'write').toBe(true);
        },
      ),
      RUNS,
    );
  });

  it("for hosts and ports, and for a tool's own patterns", () => {
    fc.assert(
      fc.property(
        fc.array(patternArb, { maxLength: 4 }),
        hostArb,
        portArb,
        patternArb,
        (network, name, port, own) => {
          const grant = createGrant({ network });
          const compiled = compiledGrantOf(grant);
          const resource = parseHostResource(port === undefined ? name : `${name}:${port}`);
          const inner = parseHostPattern(own);
          if (compiled === undefined || !resource.ok || !inner.ok) throw new Error('setup');
          const { host } = resource.value;
          const found = findGrantEntry(grant, { kind: 'host', host, port });
          expect(found !== undefined).toBe(compiled.hosts.matches(host, port));
          if (found !== undefined) expect(grant.network[found.index]).toBe(found.entry);
          const contains = findGrantEntry(grant, { kind: 'hostPattern', pattern: inner.value });
          expect(contains !== undefined).toBe(compiled.hosts.containsPattern(inner.value));
        },
      ),
      RUNS,
    );
  });

  it('for secrets', () => {
    fc.assert(
      fc.property(fc.array(secretEntryArb, { maxLength: 4 }), secretArb, (secrets, name) => {
        const grant = createGrant({ secrets });
        const compiled = compiledGrantOf(grant);
        if (compiled === undefined) throw new Error('setup');
        const found = findGrantEntry(grant, { kind: 'secret', name });
        expect(found !== undefined).toBe(compiled.secrets.matches(name));
        if (found !== undefined) expect(grant.secrets[found.index]).toBe(found.entry);
      }),
      RUNS,
    );
  });

  it('does not depend on the order of grant entries (which entry may change, whether one is found may not)', () => {
    fc.assert(
      fc.property(
        fc.array(patternArb, { maxLength: 4 }),
        hostArb,
        portArb,
        (network, name, port) => {
          const resource = parseHostResource(port === undefined ? name : `${name}:${port}`);
          if (!resource.ok) throw new Error('setup');
          const query = { kind: 'host', host: resource.value.host, port } as const;
          const forward = findGrantEntry(createGrant({ network }), query);
          const backward = findGrantEntry(createGrant({ network: [...network].reverse() }), query);
          expect(forward?.entry).toBe(backward?.entry);
        },
      ),
      RUNS,
    );
  });
});
