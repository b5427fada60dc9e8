// The connection slice: every poller reports its outcome here. Connection trouble, an
// overdue answer, a malformed answer and rejected credentials keep the data on screen and
// mark it stale since the last good answer; the next success makes the connection live again
// and wakes every poller that was backing off.
import { unreachableReason } from '../../api/index.js';
import type { StoreContext } from './context.js';
import { classifyFailure, describeFailure, failureEndpoint } from './errors.js';
import type { Poller } from './poller.js';

/**
 * connecting: nothing has answered yet; live: the last request succeeded; unanswered: the
 * shown list's request is overdue (the server may be frozen); stale: a request failed and one
 * is in flight again; retrying: waiting for the next attempt after a failure; malformed: the
 * server answered the shown list with data of the wrong shape; oversized: the server answered
 * the shown list with more than the client reads (lastError says which call and how large);
 * auth-failed: the server refused our credentials (retried with backoff all the same).
 */
export type ConnectionStateName =
  'connecting' | 'live' | 'unanswered' | 'stale' | 'retrying' | 'malformed' | 'oversized' | 'auth-failed';

export interface ConnectionState {
  state: ConnectionStateName;
  serverUrl: string;
  /** Epoch ms of the last good answer before the current trouble (null when live or when nothing answered yet). */
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
  /** Why the server cannot be reached, in a few words ("connection refused", "no such host", a TLS problem), while retrying. */
  unreachable: string | null;
  /** The endpoint whose answer was malformed when state === 'malformed'. */
  malformedEndpoint: string | null;
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
    unreachable: null,
    malformedEndpoint: null,
  };
}

function patchConnection(ctx: StoreContext, patch: Partial<ConnectionState>): void {
  ctx.set((s) => ({ connection: { ...s.connection, ...patch } }));
}

/** Shortest time the shown list's request may take before its data counts as stale. */
export const OVERDUE_MIN_MS = 2000;
/** Longest: with a poll every interval, stale shows at most interval + 3 s after the last good answer. */
export const OVERDUE_MAX_MS = 3000;

/**
 * When a list request is overdue: twice the last one's duration, so a server that is always a
 * little slow does not flip to stale on every poll, kept between OVERDUE_MIN_MS and OVERDUE_MAX_MS.
 */
export function overdueAfterMs(lastDurationMs: number | null): number {
  return Math.min(OVERDUE_MAX_MS, Math.max(OVERDUE_MIN_MS, 2 * (lastDurationMs ?? 0)));
}

/** States a success of another poller does not end: they are about the shown list's own answers. */
const PRIMARY_TROUBLE: ReadonlySet<ConnectionStateName> = new Set(['unanswered', 'malformed', 'oversized']);

export function markSuccess(ctx: StoreContext, primary: boolean): void {
  const now = ctx.now();
  ctx.core.lastAnswerAt = now;
  const c = ctx.get().connection;
  if (!primary && PRIMARY_TROUBLE.has(c.state)) return;
  const recovering = c.state !== 'live';
  if (recovering || c.lastSuccessAt === null || now - c.lastSuccessAt >= 1000) {
    // lastSuccessAt is refreshed at most once a second so a burst of answers is one change.
    patchConnection(ctx, {
      state: 'live',
      staleSince: null,
      nextAttemptAt: null,
      attempt: 0,
      lastSuccessAt: now,
      lastError: recovering ? null : c.lastError,
      authReason: null,
      unreachable: null,
      malformedEndpoint: null,
    });
  }
  if (recovering) {
    for (const poller of Object.values(ctx.pollers) as Poller[]) {
      if (poller.isBackingOff) poller.wake();
    }
  }
}

/** The shown list's request is taking too long: its data is stale since the last good answer. */
export function markOverdue(ctx: StoreContext): void {
  const c = ctx.get().connection;
  if (c.state !== 'live' && c.state !== 'connecting') return;
  patchConnection(ctx, { state: 'unanswered', staleSince: ctx.core.lastAnswerAt });
}

/**
 * The server answered the shown list with data the monitor cannot read (`malformed`), or with
 * more than the client reads (`oversized`: the error names the call and its size).
 */
function markBadAnswer(ctx: StoreContext, state: 'malformed' | 'oversized', err: unknown): void {
  const c = ctx.get().connection;
  patchConnection(ctx, {
    state,
    staleSince: c.staleSince ?? ctx.core.lastAnswerAt,
    nextAttemptAt: null,
    attempt: 0,
    lastError: describeFailure(err),
    authReason: null,
    malformedEndpoint: state === 'malformed' ? (failureEndpoint(err) ?? 'the list') : null,
  });
}

export function markMalformed(ctx: StoreContext, err: unknown): void {
  markBadAnswer(ctx, 'malformed', err);
}

export function markOversized(ctx: StoreContext, err: unknown): void {
  markBadAnswer(ctx, 'oversized', err);
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
    staleSince: c.staleSince ?? ctx.core.lastAnswerAt,
    lastError: message,
    authReason: cls === 'auth' ? message : null,
    unreachable: cls === 'connection' ? (unreachableReason(err) ?? null) : null,
    malformedEndpoint: null,
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
