// When and how long to wait before sending a request again. Only idempotent reads are
// retried, and only after failures that say nothing ran or the server asked us to come back
// (connection refused/reset, temporary DNS failure, 429/502/503/504).
import { setTimeout as wait } from 'node:timers/promises';
import { OPERATIONS, type Endpoint } from '../wire/operations.js';
import type { ApiError } from './errors.js';

export interface RetryPolicy {
  /** Extra attempts after the first. */
  maxRetries: number;
  /** First backoff; doubles on every retry, then ±50% jitter. */
  baseDelayMs: number;
  /** Cap of the computed backoff. */
  maxDelayMs: number;
  /** Cap of a server-requested Retry-After wait. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 10_000,
};

export function mayRetry(endpoint: Endpoint, err: ApiError): boolean {
  const info = OPERATIONS[endpoint];
  return info.kind === 'read' && info.idempotent && err.transient;
}

/** Backoff before retry number `retry` (0 = the first retry). */
export function retryDelayMs(
  retry: number,
  policy: RetryPolicy,
  retryAfterSec: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterSec !== undefined) return Math.min(retryAfterSec * 1000, policy.maxRetryAfterMs);
  const exact = Math.min(policy.baseDelayMs * 2 ** retry, policy.maxDelayMs);
  return Math.round(exact * (0.5 + random()));
}

/** Resolves after `ms`, or rejects with the signal's reason when it fires first. */
export async function sleep(ms: number, signal: AbortSignal): Promise<void> {
  await wait(ms, undefined, { signal });
}
