import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadNodeFs } from '../../src/realpath/loadNodeFs.js';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('loadNodeFs', () => {
  it('returns the runtime node:fs when the runtime offers it', () => {
    expect(loadNodeFs()).toBe(fs);
  });

  it('returns undefined when the builtin is missing or lacks realpathSync.native or lstatSync', () => {
    const fakes: unknown[] = [
      undefined,
      {},
      { lstatSync: () => undefined, realpathSync: () => '/' },
      { lstatSync: () => undefined, realpathSync: Object.assign(() => '/', { native: 'no' }) },
      { realpathSync: Object.assign(() => '/', { native: () => '/' }) },
    ];
    for (const fake of fakes) {
      vi.spyOn(process, 'getBuiltinModule').mockImplementation(() => fake as never);
      expect(loadNodeFs()).toBeUndefined();
      vi.restoreAllMocks();
    }
  });

  it('accepts any module with the calls it needs', () => {
    const fake = {
      lstatSync: () => undefined,
      realpathSync: Object.assign(() => '/', { native: () => '/' }),
    };
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(() => fake);
    expect(loadNodeFs()).toBe(fake);
  });

  it('returns undefined when the runtime has no process.getBuiltinModule (Node < 20.16)', () => {
    vi.stubGlobal('process', { ...process, getBuiltinModule: undefined });
    expect(loadNodeFs()).toBeUndefined();
  });

  it('returns undefined when the runtime has no process at all', () => {
    vi.stubGlobal('process', undefined);
    expect(loadNodeFs()).toBeUndefined();
  });
});
