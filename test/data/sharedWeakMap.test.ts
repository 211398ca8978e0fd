import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedWeakMap } from '../../src/data/sharedWeakMap.js';
import { TOOLGATE_VERSION } from '../../src/data/toolgateVersion.js';

const keyOf = (name: string) => Symbol.for(`toolgate.${TOOLGATE_VERSION}.${name}`);

describe('sharedWeakMap', () => {
  it('names the brand tables after the version package.json gives', () => {
    const manifest = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8'),
    ) as { version: string };
    expect(TOOLGATE_VERSION).toBe(manifest.version);
  });

  it('hands every caller of one name the same table, fixed on globalThis', () => {
    const first = sharedWeakMap<object, number>('test-same');
    const second = sharedWeakMap<object, number>('test-same');
    expect(second).toBe(first);
    expect(sharedWeakMap('test-other')).not.toBe(first);
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, keyOf('test-same'));
    expect(descriptor).toMatchObject({ writable: false, configurable: false, enumerable: false });
    expect(() => {
      (globalThis as unknown as Record<symbol, unknown>)[keyOf('test-same')] = new WeakMap();
    }).toThrow(TypeError);
  });

  it('does not trust a table planted before it: a subclass, a proxy, own methods, a writable slot', () => {
    const forged = new WeakMap<object, string>();
    const subclass = new (class extends WeakMap<object, string> {
      override get(): string {
        return 'forged';
      }
    })();
    const withOwnGet = Object.assign(new WeakMap<object, string>(), { get: () => 'forged' });
    const proxy = new Proxy(new WeakMap<object, string>(), {});
    const planted: [string, unknown, boolean][] = [
      ['test-subclass', subclass, false],
      ['test-own-get', withOwnGet, false],
      ['test-proxy', proxy, false],
      ['test-writable', forged, true],
    ];
    for (const [name, value, writable] of planted) {
      Object.defineProperty(globalThis, keyOf(name), { value, writable, configurable: false });
      const table = sharedWeakMap<object, string>(name);
      expect(table, name).not.toBe(value);
      expect(table.get({}), name).toBeUndefined();
    }
  });
});
