import type { WrittenFolderEntry } from '../grant/compiledGrant.js';
import type { Budgets, FlowRule } from '../grant/types.js';

/** What `after` allows that `before` does not, one kind at a time (SPEC §11). */
export type Widening =
  | {
      /** A ref `before` does not grant, or grants only pinned to another definition. */
      readonly kind: 'tool';
      /** The `after` tools entry as written (pin included). */
      readonly entry: string;
      readonly witness: string;
    }
  | {
      /** A ref that needed a person's approval in `before` and no longer does. */
      readonly kind: 'ask';
      readonly entry: string;
      readonly witness: string;
    }
  | {
      readonly kind: 'folder';
      /**
       * The `after` root that allows the witness, or the `before` deny entry `after` dropped,
       * as the grant's spec wrote it (SPEC §14.3): `'/srv/app'`, `{ path: '/srv', access: 'write' }`.
       */
      readonly entry: WrittenFolderEntry;
      readonly witness: { readonly path: string; readonly access: 'read' | 'write' };
      /**
       * (rev 3) Present (and `true`) when `before` has a deny glob `after`
       * drops that has too many combinations to decide exactly (SPEC §14.3:
       * reported as a widening): `entry` is that deny, `witness` a path it
       * denies, which `after` may or may not allow.
       */
      readonly undecided?: true;
    }
  | {
      readonly kind: 'network';
      /** The `after` host pattern that allows the witness, or the `before` deny entry `after` dropped. */
      readonly entry: string;
      /** `host:port`, an IPv6 host in brackets. */
      readonly witness: string;
    }
  | {
      readonly kind: 'secret';
      /** The `after` secrets entry that allows the witness, or the `before` deny entry `after` dropped. */
      readonly entry: string;
      readonly witness: string;
    }
  | {
      /** A flow rule of `before` that `after` dropped or weakened, or whose labels it narrowed. */
      readonly kind: 'flow';
      /** The `before` rule as a person reads it: `{ after: private, deny: public }`. */
      readonly entry: string;
      /** The `before` rule, as the grant holds it. */
      readonly witness: FlowRule;
    }
  | {
      readonly kind: 'budget';
      /** `budgets.turns`, `budgets.toolCalls` or `budgets.callsPerTurn`. */
      readonly entry: string;
      readonly witness: {
        readonly budget: keyof Budgets;
        readonly before: number;
        /** `null` when `after` has no such budget (unlimited). */
        readonly after: number | null;
      };
    };

/** The answer of `compareGrants(before, after)`: is `after` a subset of `before`? */
export type GrantComparison =
  { readonly subset: true } | { readonly subset: false; readonly widenings: readonly Widening[] };
