// The bound on one answer's size. A server (or whatever sits in front of it) can answer with
// hundreds of megabytes or a chunked body that never ends; the client stops reading the moment
// an answer passes the bound, and remembers the refused request for a while so that a poller
// asking the same again does not download the same oversized answer on every tick.
import { ApiError } from './errors.js';

/** Default bound of one answer: far above any page the monitor asks for. */
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024 * 1024;
/** How long a refused request is answered from memory (the slow backoff cap of the monitor). */
export const REFUSAL_MEMORY_MS = 60_000;
/** Refused request shapes remembered at most (the oldest is forgotten first). */
const MAX_REFUSALS = 32;
const MIB = 1024 * 1024;

/** What exchange.ts fails a request with when its answer passes the bound. */
export class AnswerTooLarge extends Error {
  constructor(
    /** The bound in bytes. */
    readonly limit: number,
    /** Bytes received before reading stopped. */
    readonly received: number,
    /** The size the answer announced (Content-Length), when it did. */
    readonly declared: number | undefined,
  ) {
    super(`answer larger than ${formatMiB(limit)}`);
    this.name = 'AnswerTooLarge';
  }
}

/** "64 MiB", "200.0 MiB": sizes in the unit the flag takes. */
function formatMiB(bytes: number): string {
  const mib = bytes / MIB;
  return Number.isInteger(mib) ? `${mib} MiB` : `${mib.toFixed(1)} MiB`;
}

/** The ApiError of an answer refused for its size: which call, how large, and how to raise the bound. */
export function answerTooLargeError(endpoint: string, over: AnswerTooLarge): ApiError {
  const size =
    over.declared !== undefined
      ? `${formatMiB(over.declared)} announced`
      : `more than ${formatMiB(over.received)} and still coming`;
  return new ApiError({
    kind: 'too-large',
    endpoint,
    message: `answer too large (${size}; the limit is ${formatMiB(over.limit)}, raise it with --max-answer-mb); not read`,
    cause: over,
  });
}

/**
 * A call's shape: the endpoint and its body. Bodies are small and at most MAX_REFUSALS are
 * kept; a digest would load node:crypto into every start for a case that is rare.
 */
function requestKey(endpoint: string, payload: string): string {
  return `${endpoint}\u0000${payload}`;
}

/**
 * Requests whose answers were refused for their size, with when. Asked again within
 * REFUSAL_MEMORY_MS, the same request is refused from memory without being sent; a request of
 * another shape (another page, filter or task) is sent as usual.
 */
export class RefusalMemory {
  private readonly refused = new Map<string, { at: number; error: ApiError }>();

  constructor(
    private readonly now: () => number,
    private readonly memoryMs = REFUSAL_MEMORY_MS,
  ) {}

  remember(endpoint: string, payload: string, error: ApiError): void {
    const key = requestKey(endpoint, payload);
    this.refused.delete(key);
    this.refused.set(key, { at: this.now(), error });
    if (this.refused.size > MAX_REFUSALS) {
      const oldest = this.refused.keys().next().value;
      if (oldest !== undefined) this.refused.delete(oldest);
    }
  }

  /** The remembered refusal of this request while it is fresh, else undefined. */
  recall(endpoint: string, payload: string): ApiError | undefined {
    if (this.refused.size === 0) return undefined;
    const key = requestKey(endpoint, payload);
    const entry = this.refused.get(key);
    if (entry === undefined) return undefined;
    const age = this.now() - entry.at;
    if (age >= this.memoryMs || age < 0) {
      this.refused.delete(key);
      return undefined;
    }
    const seconds = Math.ceil((this.memoryMs - age) / 1000);
    return entry.error.with({ message: `${entry.error.message} (asked again in ${seconds} s)` });
  }
}
