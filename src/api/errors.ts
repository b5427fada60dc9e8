// The one error type the client throws. Every failure (HTTP error envelope, garbage answer,
// network trouble, deadline, caller abort, rejected credentials) becomes an ApiError whose
// `kind` says which, so callers can decide what to show and whether to retry later.

export type ApiErrorKind =
  /** The server answered with an error (envelope or not). */
  | 'http'
  /** Credentials or token rejected, or none configured. */
  | 'auth'
  /** Connection refused. */
  | 'refused'
  /** Host name could not be resolved. */
  | 'dns'
  /** TLS handshake or certificate problem. */
  | 'tls'
  /** Connect or total deadline passed. */
  | 'timeout'
  /** Other connection trouble (reset, closed socket, unreachable network). */
  | 'network'
  /** The answer was not what the protocol says (not JSON, not an envelope). */
  | 'protocol'
  /** A well-formed envelope whose data has the wrong shape (null lists, wrong types). */
  | 'malformed'
  /** The caller's AbortSignal fired. */
  | 'aborted'
  /** The client was configured with something unusable (bad URL, unreadable CA file). */
  | 'config'
  /** The answer was larger than the client's bound (answer-limit.ts); reading it stopped. */
  | 'too-large';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  endpoint: string;
  message: string;
  /** 0 when no HTTP answer was received. */
  httpStatus?: number;
  resultCode?: number;
  resultSubcode?: number;
  /** Whether sending the same request again may succeed (network trouble, 429/502/503/504). */
  transient?: boolean;
  /** Seconds the server asked us to wait (Retry-After). */
  retryAfterSec?: number;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly httpStatus: number;
  readonly resultCode: number;
  readonly resultSubcode: number;
  readonly transient: boolean;
  readonly retryAfterSec: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    // "AbortError" lets generic abort checks (err.name === 'AbortError') recognise caller aborts.
    this.name = init.kind === 'aborted' ? 'AbortError' : 'ApiError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.httpStatus = init.httpStatus ?? 0;
    this.resultCode = init.resultCode ?? this.httpStatus;
    this.resultSubcode = init.resultSubcode ?? 0;
    this.transient = init.transient ?? false;
    this.retryAfterSec = init.retryAfterSec;
  }

  /** One line for the UI: the endpoint, the message and the codes. Never a stack. */
  describe(): string {
    if (this.kind === 'malformed')
      return oneLine(`server answered malformed data for ${this.endpoint}: ${this.message}`);
    const codes =
      this.httpStatus > 0
        ? this.resultCode === this.httpStatus
          ? ` [${this.resultCode}/${this.resultSubcode}]`
          : ` [HTTP ${this.httpStatus}, ${this.resultCode}/${this.resultSubcode}]`
        : '';
    return oneLine(`${this.endpoint}: ${this.message}${codes}`);
  }

  /** The fields the error was made from, its cause aside (plain data: it crosses threads). */
  fields(): Omit<ApiErrorInit, 'cause'> {
    return {
      kind: this.kind,
      endpoint: this.endpoint,
      message: this.message,
      httpStatus: this.httpStatus,
      resultCode: this.resultCode,
      resultSubcode: this.resultSubcode,
      transient: this.transient,
      retryAfterSec: this.retryAfterSec,
    };
  }

  /** A copy with some fields replaced (used to reword auth failures). */
  with(changes: Partial<ApiErrorInit>): ApiError {
    return new ApiError({ ...this.fields(), cause: this.cause, ...changes });
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** True for errors caused by the caller's own AbortSignal. */
export function isAbortError(value: unknown): boolean {
  return value instanceof ApiError ? value.kind === 'aborted' : value instanceof Error && value.name === 'AbortError';
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
