/** An error shown inside one pane (bad data, a refused request); never thrown out of the store. */
export interface PaneError {
  message: string;
  /** The endpoint that failed, when known. */
  endpoint: string | null;
  at: number;
}
// How the store reads a failure: our own abort (ignored), connection trouble (backoff, data
// marked stale), rejected credentials (backoff, "login failed"), or a problem with one
// request or its data (an error shown in that pane, normal cadence).

export type FailureClass = 'abort' | 'connection' | 'auth' | 'pane';

/** The fields of the client's ApiError the store relies on (read structurally). */
interface ApiErrorLike {
  kind: string;
  endpoint?: string;
  message: string;
  transient?: boolean;
  describe?: () => string;
}

/** Thrown by the store itself when an answer does not have the expected shape. */
export class DataShapeError extends Error {
  constructor(
    readonly endpoint: string,
    message: string,
  ) {
    super(message);
    this.name = 'DataShapeError';
  }
}

const CONNECTION_KINDS = new Set(['refused', 'dns', 'tls', 'timeout', 'network']);

function asApiError(err: unknown): ApiErrorLike | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as Partial<ApiErrorLike>;
  return typeof e.kind === 'string' && typeof e.message === 'string' ? (e as ApiErrorLike) : null;
}

export function classifyFailure(err: unknown): FailureClass {
  const api = asApiError(err);
  if (api) {
    if (api.kind === 'aborted') return 'abort';
    if (api.kind === 'auth' || api.kind === 'config') return 'auth';
    if (CONNECTION_KINDS.has(api.kind) || api.transient === true) return 'connection';
    return 'pane';
  }
  if (err instanceof Error && err.name === 'AbortError') return 'abort';
  return 'pane';
}

/** The server answered with data of the wrong shape (found by the client, or by the store's parsing). */
export function isMalformedAnswer(err: unknown): boolean {
  return asApiError(err)?.kind === 'malformed' || err instanceof DataShapeError;
}

/** The server answered with more than the client reads (the client's answer bound). */
export function isOversizedAnswer(err: unknown): boolean {
  return asApiError(err)?.kind === 'too-large';
}

/** One line for the UI, never a stack. */
export function describeFailure(err: unknown): string {
  const api = asApiError(err);
  if (api) return typeof api.describe === 'function' ? api.describe() : api.message;
  if (err instanceof DataShapeError) return `${err.endpoint}: ${err.message}`;
  if (err instanceof Error) return err.message.replace(/\s+/g, ' ').trim() || err.name;
  return String(err);
}

export function failureEndpoint(err: unknown): string | null {
  const api = asApiError(err);
  if (api && typeof api.endpoint === 'string') return api.endpoint;
  if (err instanceof DataShapeError) return err.endpoint;
  return null;
}

export function toPaneError(err: unknown, at: number): PaneError {
  return { message: describeFailure(err), endpoint: failureEndpoint(err), at };
}

/** What a poller tick's parallel fetches found: the first connection failure (the poller backs off on it). */
export interface Outcome {
  connectionError: unknown;
}

/** Sorts a fetch's failure: connection/auth ones go into `outcome` (the poller backs off), others to the pane. */
export function triageFailure(err: unknown, outcome: Outcome, onPaneError: (e: PaneError) => void, now: number): void {
  const cls = classifyFailure(err);
  if (cls === 'abort') return;
  if (cls === 'connection' || cls === 'auth') {
    outcome.connectionError ??= err;
    return;
  }
  onPaneError(toPaneError(err, now));
}
