import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fire, ToolgateError, type AuthorizedCall } from '../../src/index.js';
import { createOutputShaper } from '../../src/node/index.js';
import { aCall, aRun, callsTurn } from '../helpers/runBuilders.js';
import { aTempDir } from '../helpers/scratch.js';

const root = aTempDir('shaper');
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});
const CALL: AuthorizedCall = {
  tool: 'fs-read',
  version: 1,
  ref: 'fs-read@1',
  shape: 'read',
  arguments: { path: '/a' },
};
const LIMIT = 49 * 1024;

describe('createOutputShaper', () => {
  it('returns output within the limits as is, and saves nothing', () => {
    const dir = join(root, 'none');
    const shape = createOutputShaper({ dir });
    expect(shape('x'.repeat(LIMIT), CALL)).toBe('x'.repeat(LIMIT));
    expect(shape('l\n'.repeat(1990), CALL)).toBe('l\n'.repeat(1990));
    expect(shape.dir()).toBeUndefined();
  });

  it('saves text one byte over 49 KiB whole, 0600, and gives the head, the size and the path', () => {
    const shape = createOutputShaper({ dir: join(root, 'bytes') });
    const text = 'y'.repeat(LIMIT + 1);
    const shown = shape(text, CALL);
    const match = /the whole output is saved at (\/\S+)\]$/.exec(shown);
    const path = match?.[1] ?? '';
    expect(shown).toBe(
      `${'y'.repeat(8192)}\n[output truncated: ${LIMIT + 1} bytes, 1 line in all; the whole output is saved at ${path}]`,
    );
    expect(path).toMatch(/\/bytes\/fs-read_v1-1-[\da-f-]{36}\.txt$/);
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('saves 1,991 lines and a JSON value over the limits, each in a new file', () => {
    const shape = createOutputShaper({ dir: join(root, 'lines') });
    shape('l\n'.repeat(1991), CALL);
    shape(
      Array.from({ length: 3000 }, () => 0),
      CALL,
    );
    const files = readdirSync(join(root, 'lines'));
    expect(
      files.map((file) => file.replace(/-[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}/, '')).sort(),
    ).toEqual(['fs-read_v1-1.txt', 'fs-read_v1-2.json']);
  });

  it('saves binary output whole, whatever its size, and shows no bytes', () => {
    const shape = createOutputShaper({ dir: join(root, 'binary') });
    const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const shown = shape(bytes, CALL);
    const path = /saved at (\S+)\]$/.exec(shown)?.[1] ?? '';
    expect(shown).toBe(`[binary output: 6 bytes; saved at ${path}]`);
    expect(path.endsWith('.bin')).toBe(true);
    expect([...readFileSync(path)]).toEqual([...bytes]);
  });

  it('makes its own temporary folder when none is given', () => {
    const shape = createOutputShaper({ limits: { maxBytes: 4 } });
    const shown = shape('12345', CALL);
    const dir = shape.dir() ?? '';
    try {
      expect(dir.startsWith(join(tmpdir(), 'toolgate-output-'))).toBe(true);
      expect(shown).toContain(`saved at ${dir}/`);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is the shaper fire uses: the model reads the head and the path', async () => {
    const { gate, grant } = aRun();
    const turn = gate.checkTurn(callsTurn(aCall('search', { query: 'logs' })), { grant });
    if (turn.settled !== 'tool') throw new Error('expected a tool turn');
    const shapeOutput = createOutputShaper({ dir: join(root, 'fire') });
    const outcome = await fire(turn.calls[0], () => 'line\n'.repeat(5000), {
      gate,
      grant,
      shapeOutput,
    });
    expect(outcome.status).toBe('ok');
    expect(outcome.text).toMatch(
      /^(line\n){100}\[output truncated: 25000 bytes, 5000 lines in all; the whole output is saved at \/.*\/fire\/search_v1-1-.*\.txt\]$/,
    );
  });

  it('throws ToolgateError for a relative folder or bad limits, and an Error for output it cannot show', () => {
    expect(() => createOutputShaper({ dir: 'out' })).toThrow(ToolgateError);
    expect(() => createOutputShaper({ limits: { maxLines: -1 } })).toThrow(ToolgateError);
    expect(() => createOutputShaper({ dir: join(root, 'x') })(10n, CALL)).toThrow(
      /not a string, JSON or binary/,
    );
  });
});
