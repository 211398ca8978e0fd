import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/data/canonicalJson.js';
import { sha256Hex } from '../../src/data/sha256Hex.js';
import {
  escapeHidden,
  escapeNonAscii,
  formatApprovalMessage,
  MAX_APPROVAL_MESSAGE,
} from '../../src/proxy/formatApprovalMessage.js';
import type { ToolEntry } from '../../src/registry/types.js';
import { runs } from '../helpers/testEnv.js';

/** SPEC §14.4: what a person reads before approving one call. */
const entry = {
  resources: [
    { kind: 'path', at: '/path', access: 'write' },
    { kind: 'url', at: '/hooks/*' },
  ],
} as unknown as ToolEntry;

const approvalOf = (args: Record<string, unknown>) => {
  const text = canonicalJson(args);
  return { digest: `sha256:${'0'.repeat(64)}`, ref: 'fs/write_file@1', arguments: text };
};

/** Every character a message must never show raw: all but the line breaks it is made of. */
const HIDDEN_BUT_NEWLINE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const hasHidden = (text: string) => HIDDEN_BUT_NEWLINE.test(text.replaceAll('\n', ''));

describe('formatApprovalMessage (SPEC §14.4)', () => {
  it('shows a small call whole: ref, resource values, escaped arguments, digest', () => {
    const args = { path: 'data/Verträge.txt', content: 'hi', hooks: ['https://a.example/'] };
    const approval = approvalOf(args);
    expect(formatApprovalMessage(approval, entry, args)).toBe(
      [
        'fs/write_file@1 will run once with:',
        '  path (write) /path: "data/Verträge.txt"',
        '  url /hooks/0: "https://a.example/"',
        'arguments: {"content":"hi","hooks":["https://a.example/"],"path":"data/Vertr\\u00e4ge.txt"}',
        `arguments sha256:${sha256Hex(approval.arguments)}`,
      ].join('\n'),
    );
  });

  it('the review: a write to data/run.sh that pretends to be data/notes.txt, with 200 KB of content', () => {
    const lure =
      '\u2028\u0085\u009b\u200b\u202e＂, ＂path＂: ＂data/notes.txt＂}\n\nfs/write_file@1 will run once with:\n  path (write) /path: "data/notes.txt"';
    const args = { content: `${lure}${'x'.repeat(200_000)}`, path: 'data/run.sh' };
    const approval = approvalOf(args);
    const message = formatApprovalMessage(approval, entry, args);
    const lines = message.split('\n');
    expect(message.length).toBeLessThanOrEqual(MAX_APPROVAL_MESSAGE);
    expect(lines[0]).toBe('fs/write_file@1 will run once with:');
    expect(lines[1]).toBe('  path (write) /path: "data/run.sh"');
    expect(message.indexOf('data/run.sh')).toBeLessThan(80);
    // The lure's line breaks and bidi controls are escapes, so it adds no line of its own.
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/^arguments: \{"content":"\\u2028\\u0085\\u009b\\u200b\\u202e\\uff02/);
    expect(hasHidden(message)).toBe(false);
    const shown = escapeNonAscii(approval.arguments);
    const kept = (lines[2] ?? '').length - 'arguments: '.length - 1;
    expect(lines[3]).toBe(
      `arguments sha256:${sha256Hex(approval.arguments)} (${(shown.length - kept).toLocaleString('en-US')} characters cut)`,
    );
  });

  it('escapes hidden characters in resource values, keeps other letters, and cuts a long value', () => {
    const args = {
      path: 'data/\u202Etxt.sh\u2066',
      hooks: [`https://a.example/${'y'.repeat(400)}`],
    };
    const message = formatApprovalMessage(approvalOf(args), entry, args);
    expect(message.split('\n')[1]).toBe('  path (write) /path: "data/\\u202etxt.sh\\u2066"');
    expect(message.split('\n')[2]).toBe(`  url /hooks/0: "https://a.example/${'y'.repeat(282)}…"`);
  });

  it('never ends the arguments inside an escape', () => {
    const args = { path: 'p', content: '\u00e9'.repeat(2_000) };
    const message = formatApprovalMessage(approvalOf(args), entry, args);
    const line = message.split('\n')[2] ?? '';
    expect(line.endsWith('…')).toBe(true);
    expect(line.slice(0, -1)).toMatch(/\\u00e9$/);
  });

  it('stays within the limit when the resource lines alone would not', () => {
    const hooks = Array.from(
      { length: 40 },
      (_, index) => `https://${index}.example/${'z'.repeat(290)}`,
    );
    const args = { path: 'p', hooks };
    const approval = approvalOf(args);
    const message = formatApprovalMessage(approval, entry, args);
    expect(message.length).toBeLessThanOrEqual(MAX_APPROVAL_MESSAGE);
    expect(message.endsWith(`\narguments sha256:${sha256Hex(approval.arguments)}`)).toBe(true);
    expect(
      message.startsWith('fs/write_file@1 will run once with:\n  path (write) /path: "p"'),
    ).toBe(true);
  });

  it('escapes each UTF-16 unit: astral tag characters and emoji', () => {
    expect(escapeHidden('a\u{E0041}b')).toBe('a\\udb40\\udc41b');
    expect(escapeNonAscii('😀')).toBe('\\ud83d\\ude00');
    expect(escapeHidden('Verträge ＂')).toBe('Verträge ＂');
  });

  it('generated: within 2,000 characters, nothing hidden, the path first, the digest last', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 120 }),
        fc.string({ unit: 'binary', maxLength: 5_000 }),
        (path, content) => {
          const args = { path, content };
          const approval = approvalOf(args);
          const message = formatApprovalMessage(approval, entry, args);
          const lines = message.split('\n');
          expect(message.length).toBeLessThanOrEqual(MAX_APPROVAL_MESSAGE);
          expect(hasHidden(message)).toBe(false);
          expect(lines[1]).toBe(`  path (write) /path: "${escapeHidden(path)}"`);
          expect(lines[2]).toMatch(/^arguments: [\x20-\x7e]*…?$/);
          expect(lines[3]?.startsWith(`arguments sha256:${sha256Hex(approval.arguments)}`)).toBe(
            true,
          );
          expect(lines).toHaveLength(4);
        },
      ),
      { numRuns: runs(1_000), seed: 20_261_202 },
    );
  });
});
