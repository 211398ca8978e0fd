import { extend } from '../data/extend.js';
import { hasOwn } from '../data/hasOwn.js';
import { messageOf } from '../data/messageOf.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import type { RealpathFn } from '../realpath/RealpathFn.js';
import { compiledToolsOf } from '../registry/registryInternals.js';
import type { Registry } from '../registry/types.js';
import type { CheckContext } from './Check.js';
import { decodeAuthorizedCall, issueCall } from './decodeAuthorizedCall.js';
import { isCallAsked } from './checks/isCallApproved.js';
import { decodeTurn, type ProposedCall } from './decodeTurn.js';
import { findLabelTouches } from './flows/findLabelTouches.js';
import { attachGateFlows } from './gateFlows.js';
import { DISPATCH_CHECKS, PROPOSAL_CHECKS, runChecks, type PipelineEntry } from './pipeline.js';
import { readContext, type CallerContext } from './readContext.js';
import { resolveLimits } from './resolveLimits.js';
import { toExtraCheckEntry } from './toExtraCheckEntry.js';
import { contextRefusal, toRefusal } from './toRefusal.js';
import type {
  AuthorizedCall,
  DispatchDecision,
  ExtraCheck,
  Gate,
  Refusal,
  TurnDecision,
  TurnLimits,
} from './types.js';

/** What the core gate needs: `realpath` already resolved to a function. */
export interface CoreGateOptions {
  readonly registry: Registry;
  readonly realpath?: RealpathFn;
  readonly checks?: readonly ExtraCheck[];
  readonly limits?: TurnLimits;
  /** (rev 2) Already read by `readApprovalKey`. */
  readonly approvalKey?: Uint8Array;
}

/**
 * Builds the ordered authority gate over a registry. The built-in checks
 * always run, in SPEC order; extra `checks` run after them at dispatch.
 * Throws `ToolgateError` (`invalid_option`) for bad options; deciding never throws.
 */
export function createCoreGate(options: CoreGateOptions): Gate {
  // Own properties only: a polluted Object.prototype must not supply realpath, checks or limits.
  const own = <K extends keyof CoreGateOptions>(key: K): CoreGateOptions[K] | undefined =>
    hasOwn(options, key) ? options[key] : undefined;
  const tools = compiledToolsOf(own('registry'));
  if (tools === undefined) {
    throw new ToolgateError(
      'invalid_option',
      'createGate needs { registry } made by createRegistry()',
    );
  }
  const limits = resolveLimits(own('limits'));
  const dispatchChecks = [...DISPATCH_CHECKS, ...(own('checks') ?? []).map(toExtraCheckEntry)];
  const realpath = own('realpath');
  const approvalKey = own('approvalKey');

  /** The context the checks of one call read, with the registry's current entry for its exact ref. */
  const checkContext = (
    call: ProposedCall,
    caller: CallerContext,
    callIndex: number | undefined,
  ): CheckContext => {
    // One shape for every call, absent fields undefined: no spreads on the hot path.
    return {
      grant: caller.grant,
      compiledGrant: caller.compiledGrant,
      step: caller.step,
      cwd: caller.cwd,
      visible: caller.visible,
      tool: tools.get(call.ref),
      realpath,
      approval: caller.approval,
      approvalKey,
      usedApprovals: caller.usedApprovals,
      reading: callIndex === undefined ? undefined : caller.readings?.[callIndex],
      touched: caller.touched,
    };
  };

  /** The context with the labels this call touches added (only when the grant has flows). */
  const withTouches = (
    caller: CallerContext,
    call: AuthorizedCall,
    callIndex: number,
  ): CallerContext => {
    const labels = caller.compiledGrant.labels;
    if (labels === undefined || caller.compiledGrant.flows === undefined) return caller;
    const known = caller.touched ?? [];
    const added = [
      ...findLabelTouches(call, checkContext(call, caller, callIndex), labels.values()),
    ]
      .filter(([label]) => !known.some((entry) => entry.label === label))
      .map(([label, touch]) =>
        Object.freeze({ label, ref: call.ref, value: touch.value, callIndex }),
      );
    return added.length === 0
      ? caller
      : extend(caller, { touched: Object.freeze([...known, ...added]) });
  };

  /** Runs checks for one call. */
  const refuseCall = (
    checks: readonly PipelineEntry[],
    call: ProposedCall,
    ctx: CheckContext,
    callIndex: number | undefined,
  ): Refusal | undefined => {
    const refused = runChecks(checks, call, ctx);
    return refused && toRefusal(refused.check, refused.facts, callIndex, call.ref);
  };

  /**
   * The proposal stage over a decoded context. `contexts`, when given,
   * receives each call's check context, for `authorize` to reuse at dispatch.
   */
  const proposeTurn = (
    turn: unknown,
    caller: CallerContext,
    contexts?: CheckContext[],
  ): TurnDecision => {
    const decoded = decodeTurn(turn, limits);
    if (decoded.kind === 'answer') return { settled: 'answer', answer: decoded.answer };
    if (decoded.kind === 'malformed') {
      return rejected(
        toRefusal(
          'proposal.decode',
          { code: 'malformed_proposal', why: decoded.why },
          decoded.callIndex,
        ),
      );
    }
    const calls: AuthorizedCall[] = [];
    for (let index = 0; index < decoded.calls.length; index++) {
      const call = decoded.calls[index] as ProposedCall;
      const ctx = checkContext(call, caller, index);
      const refusal = refuseCall(PROPOSAL_CHECKS, call, ctx, index);
      if (refusal !== undefined) return rejected(refusal);
      contexts?.push(ctx);
      // INVARIANT: proposal.granted passed, so the registry has this exact ref.
      const shape = call.shape ?? tools.get(call.ref)?.entry.shapes[0] ?? 'call';
      const authorized: AuthorizedCall =
        // hasOwn: an inherited rawArguments (a polluted prototype) must never reach the tool.
        call.rawArguments === undefined || !hasOwn(call, 'rawArguments')
          ? {
              tool: call.tool,
              version: call.version,
              ref: call.ref,
              shape,
              arguments: call.arguments,
            }
          : {
              tool: call.tool,
              version: call.version,
              ref: call.ref,
              shape,
              arguments: call.arguments,
              rawArguments: call.rawArguments,
            };
      calls.push(issueCall(authorized));
    }
    return { settled: 'tool', calls: Object.freeze(calls) };
  };

  const checkTurn = (turn: unknown, context: unknown): TurnDecision => {
    const caller = readContext(context);
    return 'message' in caller ? rejected(contextRefusal(caller)) : proposeTurn(turn, caller);
  };

  const checkDispatch = (value: unknown, context: unknown): DispatchDecision => {
    const caller = readContext(context);
    if ('message' in caller) return { allowed: false, refusal: contextRefusal(caller) };
    const call = decodeAuthorizedCall(value, limits);
    if (typeof call === 'string') {
      return {
        allowed: false,
        refusal: toRefusal('dispatch.decode', { code: 'malformed_proposal', why: call }),
      };
    }
    const refusal = refuseCall(
      dispatchChecks,
      call,
      checkContext(call, caller, undefined),
      undefined,
    );
    return refusal === undefined ? { allowed: true, call } : { allowed: false, refusal };
  };

  const authorize = (turn: unknown, context: unknown): TurnDecision => {
    const caller = readContext(context);
    if ('message' in caller) return rejected(contextRefusal(caller));
    const contexts: CheckContext[] = [];
    const proposed = proposeTurn(turn, caller, contexts);
    if (proposed.settled !== 'tool') return proposed;
    // As a run would dispatch them: each call's labels count as touched for the calls after it.
    let dispatching = caller;
    for (let index = 0; index < proposed.calls.length; index++) {
      // INVARIANT: these calls were just made by proposeTurn, frozen, exactly as checked.
      const call = proposed.calls[index] as AuthorizedCall;
      // The proposal's context serves again while nothing it holds has changed: the same
      // caller (no labels touched since) and the registry's current entry for the ref.
      // INVARIANT: proposeTurn pushed one context per call, and it passed every call.
      const proposal = contexts[index] as CheckContext;
      const ctx =
        dispatching === caller && proposal.tool === tools.get(call.ref)
          ? proposal
          : checkContext(call, dispatching, index);
      const refusal = refuseCall(dispatchChecks, call, ctx, index);
      if (refusal !== undefined) return rejected(refusal);
      dispatching = withTouches(dispatching, call, index);
    }
    return proposed;
  };

  const gate = Object.freeze<Gate>({
    checkTurn: neverThrows(checkTurn, (refusal) => rejected(refusal)),
    checkDispatch: neverThrows(checkDispatch, (refusal): DispatchDecision => ({
      allowed: false,
      refusal,
    })),
    authorize: neverThrows(authorize, (refusal) => rejected(refusal)),
  });
  // What the run remembers of an allowed call (its labels) and whether it needed an approval.
  attachGateFlows(gate, {
    inspect: (call, context) => {
      try {
        const caller = readContext(context);
        if ('message' in caller) return { touches: new Map(), asked: false };
        const ctx = checkContext(call, caller, undefined);
        const labels = caller.compiledGrant.labels;
        return {
          touches: labels === undefined ? new Map() : findLabelTouches(call, ctx, labels.values()),
          asked: isCallAsked(call, ctx),
        };
      } catch (error) {
        // Fail closed: what the call touches is unknown, so the dispatch is refused.
        return {
          failed: toRefusal(
            'dispatch.flow',
            {
              code: 'check_failed',
              check: 'dispatch.flow',
              details: [{ pointer: '', message: messageOf(error) }],
            },
            undefined,
            refOf(call),
          ),
        };
      }
    },
  });
  return gate;
}

function rejected(refusal: Refusal): TurnDecision {
  return { settled: 'rejected', refusal };
}

/** Wraps a stage so that even a bug in the gate itself refuses instead of throwing. */
function neverThrows<A extends unknown[], R>(
  stage: (...args: A) => R,
  refuse: (refusal: Refusal) => R,
): (...args: A) => R {
  return (...args) => {
    try {
      return stage(...args);
    } catch (error) {
      return refuse(
        toRefusal('gate', {
          code: 'check_failed',
          check: 'gate',
          details: [{ pointer: '', message: messageOf(error) }],
        }),
      );
    }
  };
}

/** The ref of a call, when it has one (a failure's refusal names it). */
function refOf(call: unknown): string | undefined {
  if (typeof call !== 'object' || call === null) return undefined;
  const ref: unknown = (call as { readonly ref?: unknown }).ref;
  return typeof ref === 'string' ? ref : undefined;
}
