import type { ApprovalQueue } from '../approvals/types.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { PolicyServer } from '../cli/policy/buildServers.js';
import type { Gate } from '../gate/types.js';
import type { Grant } from '../grant/types.js';
import type { Registry } from '../registry/types.js';
import type { RunLedger } from '../run/ledgerTypes.js';
import type { RecordSink } from '../run/types.js';
import type { Lock } from './readLock.js';

/** What `createProxy` takes: a loaded policy's parts, chosen by the CLI. */
export interface ProxyOptions {
  readonly servers: ReadonlyMap<string, PolicyServer>;
  /** The policy's registry: the servers' tools are registered into it as SERVER/TOOL@1. */
  readonly registry: Registry;
  readonly gate: Gate;
  readonly grant: Grant;
  /** The agent's visible tool names, when `--agent` picked one. */
  readonly visible?: readonly string[];
  /** The locked definitions; without one, each granted ref is bound to the first definition seen. */
  readonly lock?: Lock;
  /** Audit mode (SPEC §8): every call is decided and recorded, and let through. */
  readonly audit?: boolean;
  /** Where every session's records go. */
  readonly sink?: RecordSink;
  /** (rev 3) A ledger shared with other proxies of the same run id (`--ledger postgres://…`). */
  readonly ledger?: RunLedger;
  /** The id of the process's one run, which every session shares (SPEC §14.4). Default: a random UUID. */
  readonly runId?: string;
  /** The deadline of each upstream call (and handshake and list), in milliseconds. */
  readonly callTimeoutMs: number;
  readonly refreshSeconds?: number;
  /**
   * The key the gate was made with (`createGate({ approvalKey })`): the proxy
   * signs a person's approval of an `ask` call with it. Without it every
   * such call is refused. Never shown to the model.
   */
  readonly approvalKey?: Uint8Array;
  /**
   * (rev 3) How a person approves an `ask` call (SPEC §14.6): `elicit` through
   * the MCP client, `local` as a pending approval in `queue` that a person
   * answers elsewhere (`toolgate approvals`), `both` (the first answer
   * stands), `auto` (the default: elicit when the client can, else local).
   */
  readonly approvals?: {
    readonly mode: 'elicit' | 'local' | 'both' | 'auto';
    readonly queue?: ApprovalQueue;
    /** How long a local approval waits before the call is refused (default 120 s). */
    readonly timeoutMs: number;
  };
  /** One line for the operator (stderr). */
  readonly log: (line: string) => void;
}

/** A tool the proxy serves: its ref, its MCP name, the server and the definition as listed (and locked). */
export interface ServedTool {
  readonly ref: string;
  readonly server: string;
  /** The upstream's own name for it. */
  readonly upstreamName: string;
  readonly definition: Tool;
}

/** (rev 3) A listed tool whose definition is not the locked one: both digests. */
export interface ChangedTool {
  readonly locked: string;
  readonly live: string;
}
