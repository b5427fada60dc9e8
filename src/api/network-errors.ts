// Turns what Node/undici throw while connecting or reading into an ApiError with a kind and
// a one-line message naming the host.
import { ApiError, oneLine } from './errors.js';

export interface FailureContext {
  endpoint: string;
  /** host[:port] as the user configured it. */
  host: string;
  callerSignal?: AbortSignal | undefined;
  /** The call's own deadline (call-signal.ts): `passed` once it fired. */
  deadline?: { readonly passed: boolean } | undefined;
  totalMs: number;
}

const REFUSED = new Set(['ECONNREFUSED']);
const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_FAIL', 'EAI_NONAME']);
const DNS_TEMPORARY = new Set(['EAI_AGAIN']);
const CONNECT_TIMEOUT = new Set(['UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const UNREACHABLE = new Set(['ENETUNREACH', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_TLS_HANDSHAKE_TIMEOUT',
  'EPROTO',
]);

/** Codes found on the error, its causes and (for multi-address connects) its inner errors. */
function errorCodes(err: unknown, seen = new Set<unknown>()): string[] {
  if (typeof err !== 'object' || err === null || seen.has(err)) return [];
  seen.add(err);
  const codes: string[] = [];
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') codes.push(code);
  codes.push(...errorCodes((err as { cause?: unknown }).cause, seen));
  const inner = (err as { errors?: unknown }).errors;
  if (Array.isArray(inner)) for (const e of inner) codes.push(...errorCodes(e, seen));
  return codes;
}

function errorText(err: unknown): string {
  if (err instanceof Error && err.message) return oneLine(err.message);
  if (err instanceof Error) return err.name;
  return oneLine(String(err));
}

function isTlsCode(code: string): boolean {
  return TLS_CODES.has(code) || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code.startsWith('CERT_');
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** What the connect deadline fails a connection attempt with (classified as kind 'timeout'). */
export function connectTimeoutError(ms: number): Error {
  return Object.assign(new Error(`connect timed out after ${ms} ms`), {
    code: 'UND_ERR_CONNECT_TIMEOUT',
    timeoutMs: ms,
  });
}

export function abortedError(endpoint: string, cause?: unknown): ApiError {
  return new ApiError({ kind: 'aborted', endpoint, message: 'request cancelled', cause });
}

function deadlineError(ctx: FailureContext, cause?: unknown): ApiError {
  return new ApiError({
    kind: 'timeout',
    endpoint: ctx.endpoint,
    message: `no answer from ${ctx.host} within ${seconds(ctx.totalMs)}`,
    cause,
  });
}

/** The deadline a connect-timeout error carries, else `fallback`. */
function connectDeadline(err: unknown, fallback: number): number {
  for (let e: unknown = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const ms = (e as { timeoutMs?: unknown }).timeoutMs;
    if (typeof ms === 'number') return ms;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return fallback;
}

export function classifyFailure(err: unknown, ctx: FailureContext, connectMs: number): ApiError {
  if (err instanceof ApiError) return err;
  if (ctx.callerSignal?.aborted) return abortedError(ctx.endpoint, err);
  if (ctx.deadline?.passed) return deadlineError(ctx, err);

  const codes = errorCodes(err);
  const has = (set: ReadonlySet<string>) => codes.some((c) => set.has(c));
  const { endpoint, host } = ctx;
  const base = { endpoint, cause: err };

  if (has(REFUSED)) {
    return new ApiError({
      ...base,
      kind: 'refused',
      transient: true,
      message: `connection refused by ${host} (is the server running?)`,
    });
  }
  if (has(DNS)) {
    const hostname = host.replace(/:\d+$/, '');
    return new ApiError({
      ...base,
      kind: 'dns',
      transient: has(DNS_TEMPORARY),
      message: `cannot resolve host name ${hostname} (check the API server address)`,
    });
  }
  if (has(CONNECT_TIMEOUT)) {
    return new ApiError({
      ...base,
      kind: 'timeout',
      message: `could not connect to ${host} within ${seconds(connectDeadline(err, connectMs))}`,
    });
  }
  if (codes.some(isTlsCode)) {
    return new ApiError({
      ...base,
      kind: 'tls',
      message: `TLS error talking to ${host}: ${errorText(err)} (check verify_certificate or the CA bundle)`,
    });
  }
  if (has(RESET)) {
    return new ApiError({
      ...base,
      kind: 'network',
      transient: true,
      message: `connection to ${host} was reset (${errorText(err)})`,
    });
  }
  if (has(UNREACHABLE)) {
    return new ApiError({ ...base, kind: 'network', message: `cannot reach ${host} (${errorText(err)})` });
  }
  if (codes.some((c) => c.startsWith('HPE_') || c.startsWith('UND_ERR_'))) {
    return new ApiError({ ...base, kind: 'protocol', message: `bad HTTP answer from ${host} (${errorText(err)})` });
  }
  return new ApiError({ ...base, kind: 'network', message: `request to ${host} failed (${errorText(err)})` });
}

/** A few words for each TLS failure a user can act on; the rest say "TLS handshake failed". */
const TLS_REASONS: [readonly string[], string][] = [
  [['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN'], 'TLS: self-signed certificate'],
  [['CERT_HAS_EXPIRED'], 'TLS: certificate expired'],
  [['CERT_NOT_YET_VALID'], 'TLS: certificate not yet valid'],
  [['HOSTNAME_MISMATCH', 'ERR_TLS_CERT_ALTNAME_INVALID'], 'TLS: certificate is for another host name'],
  [
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'],
    'TLS: certificate from an unknown authority',
  ],
  [['EPROTO'], 'TLS: handshake failed (is it an https server?)'],
];

/**
 * Why the server cannot be reached, in a few words for a status line while the monitor
 * retries: "connection refused", "no such host", "TLS: self-signed certificate", "timed out",
 * ... From an ApiError of the client (its kind and cause) or from what Node or undici threw.
 * Undefined when it is not connection trouble (the server answered, or the call was cancelled).
 */
export function unreachableReason(err: unknown): string | undefined {
  if (err instanceof ApiError && !['refused', 'dns', 'tls', 'timeout', 'network', 'protocol'].includes(err.kind))
    return undefined;
  const codes = errorCodes(err);
  const has = (set: ReadonlySet<string>) => codes.some((c) => set.has(c));
  if (has(REFUSED)) return 'connection refused';
  if (has(DNS)) return has(DNS_TEMPORARY) ? 'host name lookup failed (DNS not answering)' : 'no such host';
  if (has(CONNECT_TIMEOUT)) return 'connect timed out';
  if (codes.some(isTlsCode))
    return TLS_REASONS.find(([tls]) => codes.some((c) => tls.includes(c)))?.[1] ?? 'TLS: handshake failed';
  if (has(RESET)) return 'connection reset';
  if (has(UNREACHABLE)) return 'network unreachable';
  if (err instanceof ApiError)
    return (
      { timeout: 'no answer in time', protocol: 'not a ClearML API answer', tls: 'TLS error' }[err.kind as string] ??
      'network error'
    );
  return codes.length > 0 ? `network error (${codes[0]})` : undefined;
}
