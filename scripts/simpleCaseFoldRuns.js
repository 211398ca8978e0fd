// Shared by the generator and the table's test: the folding classes the
// running engine knows, and their run encoding.

/** Every non-ASCII code point whose folding class has a smaller member => that smallest member. */
export function computeSimpleCaseFolds() {
  const candidates = [];
  const changes = /\p{CWCM}/u;
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    if (changes.test(String.fromCodePoint(code))) candidates.push(code);
  }
  const texts = candidates.map((code) => String.fromCodePoint(code));
  const folds = new Map();
  for (const [index, code] of candidates.entries()) {
    if (code < 0x80) continue;
    const same = new RegExp(`^\\u{${code.toString(16)}}$`, 'iu');
    // candidates ascend, so the first match is the smallest member of the class.
    for (let other = 0; other < index; other++) {
      if (same.test(texts[other])) {
        folds.set(code, candidates[other]);
        break;
      }
    }
  }
  return folds;
}

/** Map => 'FROM.COUNT.STEP.DELTA FROM.COUNT.STEP.DELTA …' (base 36, DELTA may be negative). */
export function encodeSimpleCaseFolds(folds) {
  const entries = [...folds].sort((a, b) => a[0] - b[0]);
  const runs = [];
  for (let index = 0; index < entries.length;) {
    const [from, to] = entries[index];
    const delta = to - from;
    let count = 1;
    let step = 0;
    const next = entries[index + 1];
    if (next !== undefined && next[1] - next[0] === delta && next[0] - from <= 2) {
      step = next[0] - from;
      while (true) {
        const item = entries[index + count];
        if (item === undefined || item[0] !== from + count * step || item[1] - item[0] !== delta)
          break;
        count++;
      }
    }
    runs.push([from, count, step, delta].map((n) => n.toString(36)).join('.'));
    index += count;
  }
  return runs.join(' ');
}
