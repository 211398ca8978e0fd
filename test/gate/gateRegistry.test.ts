import { describe, expect, it } from 'vitest';
import { registryOfGate } from '../../src/gate/gateRegistry.js';
import { createGate, createRegistry } from '../../src/index.js';

describe('registryOfGate', () => {
  it('answers the registry a gate made by createGate decides over', () => {
    const registry = createRegistry();
    const gate = createGate({ registry });
    expect(registryOfGate(gate)).toBe(registry);
  });

  it('answers undefined for a copy of a gate', () => {
    const gate = createGate({ registry: createRegistry() });
    expect(registryOfGate({ ...gate })).toBeUndefined();
  });

  it.each([null, undefined, 'gate', 42, true])('answers undefined for %s', (value) => {
    expect(registryOfGate(value)).toBeUndefined();
  });
});
