import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OUTPUT_LIMITS,
  describeShapedOutput,
  shapeToolOutput,
  ToolgateError,
  type ShapedOutput,
} from '../../src/index.js';
import { countLines } from '../../src/output/countLines.js';
import { cutHead } from '../../src/output/cutHead.js';

const LIMIT = 49 * 1024;
const saved = (shaped: ShapedOutput) => {
  if (shaped.kind !== 'save') throw new Error(`expected save, got ${shaped.kind}`);
  return shaped;
};

describe('shapeToolOutput', () => {
  it('has the Kortix limits by default: 49 KiB and 1,990 lines', () => {
    expect(DEFAULT_OUTPUT_LIMITS).toEqual({
      maxBytes: 50_176,
      maxLines: 1990,
      headBytes: 8192,
      headLines: 100,
    });
  });

  it('shows text of exactly 49 KiB whole, and saves one byte more', () => {
    expect(shapeToolOutput('x'.repeat(LIMIT))).toMatchObject({
      kind: 'inline',
      bytes: LIMIT,
      lines: 1,
    });
    const over = saved(shapeToolOutput('x'.repeat(LIMIT + 1)));
    expect(over).toMatchObject({ reason: 'bytes', bytes: LIMIT + 1, lines: 1, extension: 'txt' });
    expect(over.data.length).toBe(LIMIT + 1);
    expect(over.head).toBe('x'.repeat(8192));
  });

  it('counts bytes as UTF-8, not characters', () => {
    const euro = '€'.repeat(LIMIT / 2); // 3 bytes each
    expect(saved(shapeToolOutput(euro)).bytes).toBe((LIMIT / 2) * 3);
  });

  it('shows 1,990 lines whole and saves 1,991', () => {
    expect(shapeToolOutput('l\n'.repeat(1990))).toMatchObject({ kind: 'inline', lines: 1990 });
    expect(shapeToolOutput(`${'l\n'.repeat(1990)}last`)).toMatchObject({
      kind: 'save',
      reason: 'lines',
      lines: 1991,
    });
    expect(saved(shapeToolOutput('l\n'.repeat(1991))).head).toBe('l\n'.repeat(100));
  });

  it('writes JSON values indented, and saves them as .json', () => {
    expect(shapeToolOutput({ a: [1] })).toEqual({
      kind: 'inline',
      text: '{\n  "a": [\n    1\n  ]\n}',
      bytes: 22,
      lines: 5,
    });
    const big = saved(shapeToolOutput(Array.from({ length: 2000 }, (_, index) => index)));
    expect(big).toMatchObject({ reason: 'lines', extension: 'json' });
    expect(JSON.parse(new TextDecoder().decode(big.data))).toHaveLength(2000);
  });

  it('reads UTF-8 bytes without NUL as text, and other bytes as binary, always saved', () => {
    expect(shapeToolOutput(new TextEncoder().encode('héllo'))).toMatchObject({
      kind: 'inline',
      text: 'héllo',
    });
    expect(shapeToolOutput(new TextEncoder().encode('a').buffer)).toMatchObject({
      kind: 'inline',
      text: 'a',
    });
    const binary = saved(shapeToolOutput(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 1])));
    expect(binary).toMatchObject({
      reason: 'binary',
      head: '',
      bytes: 6,
      lines: 0,
      extension: 'bin',
    });
    expect(saved(shapeToolOutput(Uint8Array.from([0xff]))).reason).toBe('binary');
  });

  it('shows nothing returned as empty text', () => {
    expect(shapeToolOutput(undefined)).toEqual({ kind: 'inline', text: '', bytes: 0, lines: 0 });
  });

  it('calls a value without JSON text invalid', () => {
    expect(shapeToolOutput(10n).kind).toBe('invalid');
    expect(shapeToolOutput(() => 1).kind).toBe('invalid');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(shapeToolOutput(cycle).kind).toBe('invalid');
  });

  it('takes configurable limits and refuses bad ones', () => {
    expect(shapeToolOutput('a\nb\nc', { maxLines: 2, headLines: 1 })).toMatchObject({
      kind: 'save',
      head: 'a\n',
    });
    expect(shapeToolOutput('abc', { maxBytes: 3 }).kind).toBe('inline');
    expect(() => shapeToolOutput('x', { maxBytes: 0 })).toThrow(ToolgateError);
    expect(() => shapeToolOutput('x', { max: 1 } as never)).toThrow(ToolgateError);
  });
});

describe('describeShapedOutput', () => {
  it('gives the head, the size and the path of saved text', () => {
    const shaped = saved(shapeToolOutput('a\n'.repeat(3000)));
    const text = describeShapedOutput(shaped, '/tmp/out/x.txt');
    expect(text.startsWith('a\n'.repeat(100))).toBe(true);
    expect(text.slice(200)).toBe(
      '[output truncated: 6000 bytes, 3000 lines in all; the whole output is saved at /tmp/out/x.txt]',
    );
    expect(describeShapedOutput(shaped)).toMatch(/the rest was not saved\]$/);
  });

  it('puts the note on its own line after a head cut mid-line', () => {
    expect(
      describeShapedOutput(saved(shapeToolOutput('xyz', { maxBytes: 2, headBytes: 2 })), '/p'),
    ).toBe('xy\n[output truncated: 3 bytes, 1 line in all; the whole output is saved at /p]');
  });

  it('gives the size and path of binary output, with no head', () => {
    const shaped = saved(shapeToolOutput(Uint8Array.from([0, 1, 2])));
    expect(describeShapedOutput(shaped, '/tmp/b.bin')).toBe(
      '[binary output: 3 bytes; saved at /tmp/b.bin]',
    );
    expect(describeShapedOutput(shaped)).toBe('[binary output: 3 bytes; not shown and not saved]');
  });
});

describe('countLines and cutHead', () => {
  it('counts a last line without a newline, and no line after a final newline', () => {
    expect([
      countLines(''),
      countLines('a'),
      countLines('a\n'),
      countLines('a\nb'),
      countLines('\n\n'),
    ]).toEqual([0, 1, 1, 2, 2]);
  });

  it('cuts at whole lines where it can, never inside a character', () => {
    expect(cutHead('a\nb\nc\n', 2, 100)).toBe('a\nb\n');
    expect(cutHead('ab\ncd\nef', 3, 7)).toBe('ab\ncd\n');
    expect(cutHead('héllo', 9, 2)).toBe('h');
    expect(cutHead('😀😀', 9, 5)).toBe('😀');
  });
});
