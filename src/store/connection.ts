// The connection slice: every poller reports its outcome here. Connection trouble and
// rejected credentials keep the data on screen and mark it stale; the next success makes the
// connection live again and wakes every poller that was backing off.
import type { StoreContext } from './context.js';
import { classifyFailure, describeFailure } from './errors.js';
import type { Poller } from './poller.js';

/**
 * connecting: nothing has answered yet; live: the last request succeeded; stale: a request
 * failed and one is in flight again; retrying: waiting for the next attempt after a failure;
 * auth-failed: the server refused our credentials (retried with backoff all the same).
 */
export type ConnectionStateName = 'connecting' | 'live' | 'stale' | 'retrying' | 'auth-failed';

export interface ConnectionState {
  state: ConnectionStateName;
  serverUrl: string;
  /** Epoch ms of the first failure of the current outage (null when live). */
  staleSince: number | null;
  /** Epoch ms of the next scheduled attempt while retrying (null otherwise). */
  nextAttemptAt: number | null;
  /** Consecutive failed attempts of the current outage. */
  attempt: number;
  /** Epoch ms of the last successful request. */
  lastSuccessAt: number | null;
  /** `ApiError.describe()` (or message) of the last connection-level failure. */
  lastError: string | null;
  /** Reason text when state === 'auth-failed'. */
  authReason: string | null;
}

export function initialConnection(serverUrl: string): ConnectionState {
  return {
    state: 'connecting',
    serverUrl,
    staleSince: null,
    nextAttemptAt: null,
    attempt: 0,
    lastSuccessAt: null,
    lastError: null,
    authReason: null,
  };
}

function patchConnection(ctx: StoreContext, patch: Partial<ConnectionState>): void {
  ctx.set((s) => ({ connection: { ...s.connection, ...patch } }));
}

export function markSuccess(ctx: StoreContext): void {
  const c = ctx.get().connection;
  const recovering = c.state !== 'live';
  if (recovering || c.lastSuccessAt === null || ctx.now() - c.lastSuccessAt >= 1000) {
    // lastSuccessAt is refreshed at most once a second so a burst of answers is one change.
    patchConnection(ctx, {
      state: 'live',
      staleSince: null,
      nextAttemptAt: null,
      attempt: 0,
      lastSuccessAt: ctx.now(),
      lastError: recovering ? null : c.lastError,
      authReason: null,
    });
  }
  if (recovering) {
    for (const poller of Object.values(ctx.pollers) as Poller[]) {
      if (poller.isBackingOff) poller.wake();
    }
  }
}

/**
 * A failed attempt of a poller. `retry` is when it tries again (null when it keeps its normal
 * cadence). Only connection and auth failures change the connection state.
 */
export function markFailure(
  ctx: StoreContext,
  err: unknown,
  retry: { attempt: number; at: number } | null,
  primary: boolean,
): void {
  const cls = classifyFailure(err);
  if (cls !== 'connection' && cls !== 'auth') return;
  const c = ctx.get().connection;
  const message = describeFailure(err);
  const next: Partial<ConnectionState> = {
    state: cls === 'auth' ? 'auth-failed' : 'retrying',
    staleSince: c.staleSince ?? ctx.now(),
    lastError: message,
    authReason: cls === 'auth' ? message : null,
  };
  if (retry && (primary || c.nextAttemptAt === null)) {
    next.nextAttemptAt = retry.at;
    next.attempt = retry.attempt;
  }
  patchConnection(ctx, next);
}

/** A retry of the primary poller is on its way: no longer waiting, not yet live. */
export function markAttempt(ctx: StoreContext): void {
  const c = ctx.get().connection;
  if (c.state === 'retrying') patchConnection(ctx, { state: 'stale', nextAttemptAt: null });
}
