// Back-off after failed key-pair checks, per access key or per source address: a few free
// failures, then wrong secrets answer 429 for a delay that doubles with each further failure
// (capped). Unknown keys are tracked like known ones, so the answers do not tell which access
// keys exist. The right secret is never refused (authenticate.ts).
import { LOGIN_BACKOFF_MAX_KEYS, LOGIN_BACKOFF_MAX_MS } from '../http/limits.js';

const FIRST_DELAY_MS = 1000;

interface Failures {
  count: number;
  /** Epoch ms before which the key is refused. */
  lockedUntil: number;
}

export class LoginBackoff {
  private readonly byKey = new Map<string, Failures>();

  constructor(private readonly freeFailures: number) {}

  /** Milliseconds the key must still wait, 0 when it may try now. */
  waitMs(accessKey: string, nowMs: number): number {
    const f = this.byKey.get(accessKey);
    return f ? Math.max(0, f.lockedUntil - nowMs) : 0;
  }

  recordFailure(accessKey: string, nowMs: number): void {
    const f = this.byKey.get(accessKey) ?? { count: 0, lockedUntil: 0 };
    f.count++;
    const over = f.count - this.freeFailures + 1;
    if (over > 0) f.lockedUntil = nowMs + Math.min(FIRST_DELAY_MS * 2 ** Math.min(over - 1, 30), LOGIN_BACKOFF_MAX_MS);
    // Re-inserted last: the map's order is the order of last failure, oldest first.
    this.byKey.delete(accessKey);
    this.byKey.set(accessKey, f);
    if (this.byKey.size > LOGIN_BACKOFF_MAX_KEYS) {
      const oldest = this.byKey.keys().next().value;
      if (oldest !== undefined) this.byKey.delete(oldest);
    }
  }

  recordSuccess(accessKey: string): void {
    this.byKey.delete(accessKey);
  }
}
