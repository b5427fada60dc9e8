import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/api/decode.js';
import { ApiError } from '../../src/api/errors.js';
import { mayRetry, retryDelayMs } from '../../src/api/retry.js';

const policy = { maxRetries: 2, baseDelayMs: 250, maxDelayMs: 4_000, maxRetryAfterMs: 10_000 };
const transient = new ApiError({
  kind: 'http',
  endpoint: 'x',
  httpStatus: 503,
  message: 'maintenance',
  transient: true,
});

describe('retry policy', () => {
  it('doubles the backoff per retry with ±50% jitter', () => {
    expect(retryDelayMs(0, policy, undefined, () => 0)).toBe(125);
    expect(retryDelayMs(0, policy, undefined, () => 0.999_999)).toBe(375);
    expect(retryDelayMs(1, policy, undefined, () => 0.5)).toBe(500);
    expect(retryDelayMs(2, policy, undefined, () => 0.5)).toBe(1_000);
  });

  it('caps the backoff', () => {
    expect(retryDelayMs(10, policy, undefined, () => 0.5)).toBe(4_000);
  });

  it('follows Retry-After seconds up to its cap', () => {
    expect(retryDelayMs(0, policy, 3, () => 0.5)).toBe(3_000);
    expect(retryDelayMs(0, policy, 3_600, () => 0.5)).toBe(10_000);
  });

  it('retries transient failures of idempotent reads only', () => {
    expect(mayRetry('events.get_task_log', transient)).toBe(true);
    expect(mayRetry('auth.login', transient)).toBe(true);
    expect(mayRetry('events.add_batch', transient)).toBe(false);
    expect(mayRetry('events.debug_images', transient)).toBe(false);
    expect(
      mayRetry('events.get_task_log', new ApiError({ kind: 'http', endpoint: 'x', httpStatus: 400, message: 'bad' })),
    ).toBe(false);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2025-01-01T10:00:00Z');

  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Wed, 01 Jan 2025 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 01 Jan 2025 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores missing or unreadable values', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
