import { hasOwn } from '../data/hasOwn.js';

/**
 * (rev 3) How a tool will read one call's arguments when it parses them
 * itself after the gate (a zod schema's defaults and transforms): the parsed
 * value, or why its own schema refused them (SPEC §14.1 "What is checked is
 * what runs").
 */
export type ToolReading = { readonly value: unknown } | { readonly problem: string };

/**
 * The readings of a turn's calls, by call index, travel to the proposal stage
 * under this key of the gate context (and of `run.propose`'s options). The
 * package does not export it: only toolgate's own adapters, which parse with
 * the tool's schema, hand readings in.
 */
export const TOOL_READINGS: unique symbol = Symbol('toolgate.toolReadings');

/** What may sit under `TOOL_READINGS`: one reading or none per call index. */
export type ToolReadings = readonly (ToolReading | undefined)[];

/** Reads `TOOL_READINGS` off an object; a value that is not a list of readings reads as `false`. */
export function readToolReadings(holder: object): ToolReadings | undefined | false {
  if (!hasOwn(holder, TOOL_READINGS)) return undefined;
  const readings: unknown = (holder as Record<PropertyKey, unknown>)[TOOL_READINGS];
  if (!Array.isArray(readings)) return false;
  const ok = (readings as unknown[]).every(
    (reading) =>
      reading === undefined ||
      (typeof reading === 'object' &&
        reading !== null &&
        (hasOwn(reading, 'value') ||
          typeof (reading as { problem?: unknown }).problem === 'string')),
  );
  return ok ? (readings as ToolReadings) : false;
}

/**
 * (rev 3) The `run.propose` options key under which `toolgate mcp` and the
 * MCP gateway hand the run a refusal decided before the gate could see the
 * call (a name the proxy does not serve, a tool changed since the lock, a
 * server that is down; SPEC §14.4): the turn is recorded as rejected with
 * it, in audit mode too, and counts as a turn. It can only refuse.
 */
export const REFUSED_BEFORE_RUN: unique symbol = Symbol('toolgate.refusedBeforeRun');

/**
 * (rev 3) The `run.propose` options key under which `toolgate mcp` names the
 * session proposing a turn: a proxy process is one run that all its sessions
 * share (SPEC §14.4), and each turn record carries its session's id.
 */
export const SESSION: unique symbol = Symbol('toolgate.session');
