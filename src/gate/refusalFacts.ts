import type { ApprovalRequest, RefusalCode, RefusalDetail } from './types.js';

/** What a check found, keyed on `code`; the reason text is made from it in one place. */
export type RefusalFacts =
  | { readonly code: 'malformed_proposal'; readonly why: string }
  | { readonly code: 'not_granted'; readonly ref: string }
  | { readonly code: 'hidden_tool'; readonly name: string }
  | {
      readonly code: 'bad_arguments';
      readonly ref: string;
      readonly details: readonly RefusalDetail[];
    }
  | { readonly code: 'unknown_tool'; readonly name: string; readonly step: string }
  | { readonly code: 'unsupported_shape'; readonly ref: string; readonly shape: string }
  | {
      readonly code: 'network_out_of_scope';
      readonly host: string;
      readonly details: readonly RefusalDetail[];
    }
  | {
      readonly code: 'folder_out_of_scope';
      readonly path: string;
      readonly details: readonly RefusalDetail[];
    }
  | {
      readonly code: 'secret_out_of_scope';
      readonly secret: string;
      readonly details: readonly RefusalDetail[];
    }
  | {
      readonly code: 'check_failed';
      readonly check: string;
      readonly details: readonly RefusalDetail[];
    }
  | { readonly code: 'check_refused'; readonly reason: string }
  | { readonly code: 'too_many_calls'; readonly calls: number; readonly max: number }
  | { readonly code: 'approval_required'; readonly ref: string; readonly approval: ApprovalRequest }
  | { readonly code: 'approval_reused' }
  | {
      readonly code: 'flow_denied';
      readonly after: string;
      readonly ref: string;
      readonly label: string;
      readonly details: readonly RefusalDetail[];
    };

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only when `T` is `true`. */
type Assert<T extends true> = T;

/** Fails to compile unless every refusal code has a variant above, and no other code does. */
export type FactsCoverEveryCode = Assert<Same<RefusalFacts['code'], RefusalCode>>;
