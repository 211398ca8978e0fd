import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docFiles, readDocBlocks } from './readDocBlocks.js';

/**
 * The user docs (the README and docs/) stand on their own: every link stays
 * in the repository and lands on a file that exists (and on a heading of it,
 * for a `#fragment`), and none cites the internal contract or the issue
 * tracker ("SPEC §7", "rev 2", "issue 15"), which a reader of the package
 * does not have.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const FILES = docFiles(ROOT);

/** The text outside code blocks: links and words in prose. */
function prose(file: string): string {
  const text = readFileSync(file, 'utf8');
  let out = text;
  for (const block of readDocBlocks(text, file)) out = out.replace(block.code, '');
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as `-`. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = prose(file)
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => slug(line.replace(/^#+ /, '')));
  return new Set(headings);
}

/** Every `[text](target)` link of a file's prose, with the target as written. */
function linksOf(file: string): string[] {
  return [...prose(file).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string);
}

describe('the user docs', () => {
  it.each(FILES.map((file) => [relative(ROOT, file), file] as const))(
    '%s links only to files and headings in the repository',
    (_, file) => {
      const broken = linksOf(file).filter((target) => {
        if (/^[a-z]+:/i.test(target)) return true; // leaves the repository
        const [path = '', fragment] = target.split('#');
        const landing = path === '' ? file : join(dirname(file), path);
        if (!resolve(landing).startsWith(ROOT) || !existsSync(landing)) return true;
        return (
          fragment !== undefined && landing.endsWith('.md') && !anchorsOf(landing).has(fragment)
        );
      });
      expect(broken).toEqual([]);
    },
  );

  it.each(FILES.map((file) => [relative(ROOT, file), file] as const))(
    '%s cites no internal contract, revision or issue',
    (_, file) => {
      const cited = readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.replace(/RFC \d+ §[\d.]+(?: and §[\d.]+)*/g, 'RFC'))
        .filter((line) => /\bSPEC\b|§/.test(line) || /\brev(?:ision)? \d|\bissues? \d/i.test(line));
      expect(cited).toEqual([]);
    },
  );
});
