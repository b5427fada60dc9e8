// HTTP to one ClearML API server: a keep-alive undici Pool, `POST {apiHost}[/vX.Y]/{service}.{action}`,
// deadlines, retries of idempotent reads, and envelope decoding. Knows nothing of tokens:
// the caller passes the Authorization header.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { Socket } from 'node:net';
import { Pool, buildConnector } from 'undici';
import { JSON_LINES_CONTENT_TYPE } from '../wire/envelope.js';
import { OPERATIONS, type Endpoint } from '../wire/operations.js';
import { VERSION } from '../version.js';
import { AnswerTooLarge, DEFAULT_MAX_ANSWER_BYTES, RefusalMemory, answerTooLargeError } from './answer-limit.js';
import { decodeAnswer, parseRetryAfter } from './decode.js';
import { CallSignal } from './call-signal.js';
import { ApiError } from './errors.js';
import { exchange } from './exchange.js';
import { abortedError, classifyFailure, connectTimeoutError, type FailureContext } from './network-errors.js';
import { DEFAULT_RETRY_POLICY, mayRetry, retryDelayMs, sleep, type RetryPolicy } from './retry.js';

export interface Timeouts {
  /** TCP + TLS connect deadline once a first connection has succeeded. */
  connectMs: number;
  /** Connect deadline until the first connection succeeds (fail fast on a wrong host). */
  firstConnectMs: number;
  /** Deadline of a whole call, retries and backoff included. */
  totalMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, firstConnectMs: 3_000, totalMs: 60_000 };

/** Kept below the usual idle timeouts of servers and proxies (5 s and up) so we never reuse a socket they are closing. */
const KEEP_ALIVE_MS = 4_000;
const MAX_KEEP_ALIVE_MS = 30_000;
const MAX_CONNECTIONS = 8;
const CLOSE_GRACE_MS = 1_000;

interface TransportOptions {
  apiHost: string;
  /** "2.31" or "v2.31": adds a `/v2.31` prefix; default none (the server's newest). */
  apiVersion?: string | undefined;
  /** false: accept any certificate; a string: path of a CA bundle (PEM) to trust. */
  verifyCertificate?: boolean | string | undefined;
  timeouts?: Partial<Timeouts> | undefined;
  retry?: Partial<RetryPolicy> | undefined;
  /** X-ClearML-Worker value; default the host name. */
  worker?: string | undefined;
  /** Bound of one answer's body in bytes (default DEFAULT_MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number | undefined;
  /** Epoch milliseconds, for how long a refused answer is remembered; default Date.now. */
  now?: (() => number) | undefined;
}

export interface SendOptions {
  /** Full Authorization header value. */
  authorization?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Overrides the total deadline for this call. */
  timeoutMs?: number | undefined;
  /**
   * Sees a successful answer's body first; what it returns or resolves (not undefined) comes back
   * as a PeekedAnswer.
   */
  peek?: ((body: string) => unknown) | undefined;
  /**
   * Sees a successful answer's bytes before they are decoded (before `peek`); the call waits
   * for what it returns.
   */
  peekBytes?: ((body: Buffer) => unknown) | undefined;
  /** Called when the request leaves on a connection (each time, when it is sent again). */
  onSent?: (() => void) | undefined;
}

/** What a call's `peek` made of an answer's body, handed back instead of the decoded answer. */
export class PeekedAnswer {
  constructor(readonly value: unknown) {}
}

interface EncodedBody {
  payload: string;
  contentType: string;
}

/** add_batch is newline-delimited JSON, one event a line, with a trailing newline (docs/wire-facts.md §4.2). */
function encodeBody(endpoint: Endpoint, body: unknown): EncodedBody {
  if (endpoint === 'events.add_batch') {
    const events = Array.isArray(body) ? body : [body];
    return {
      payload: events.map((event) => `${JSON.stringify(event)}\n`).join(''),
      contentType: JSON_LINES_CONTENT_TYPE,
    };
  }
  return { payload: JSON.stringify(body ?? {}), contentType: 'application/json' };
}

function parseApiHost(apiHost: string): URL {
  let url: URL;
  try {
    url = new URL(apiHost);
  } catch {
    throw new ApiError({
      kind: 'config',
      endpoint: 'config',
      message: `the API server address "${apiHost}" is not a URL`,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError({
      kind: 'config',
      endpoint: 'config',
      message: `the API server address "${apiHost}" must start with http:// or https://`,
    });
  }
  return url;
}

function versionPrefix(apiVersion: string | undefined): string {
  if (apiVersion === undefined || apiVersion === '') return '';
  const version = apiVersion.replace(/^v/i, '');
  if (!/^\d+\.\d+$/.test(version)) {
    throw new ApiError({
      kind: 'config',
      endpoint: 'config',
      message: `API version "${apiVersion}" is not of the form 2.31`,
    });
  }
  return `/v${version}`;
}

function readCaBundle(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ApiError({ kind: 'config', endpoint: 'config', message: `cannot read the CA bundle ${path}: ${reason}` });
  }
}

/** Defaults overridden by the given values that are set (an explicit undefined keeps the default). */
function withDefaults<T extends object>(defaults: T, given: Partial<T> | undefined): T {
  const out = { ...defaults };
  for (const [key, value] of Object.entries(given ?? {})) {
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export class Transport {
  readonly apiHost: string;
  /** host[:port], used in messages. */
  readonly host: string;
  readonly timeouts: Timeouts;
  private readonly retry: RetryPolicy;
  private readonly pathPrefix: string;
  private readonly worker: string;
  private readonly pool: Pool;
  /** The TLS settings connections are made with (files downloaded beside the API use them too). */
  readonly tls: { rejectUnauthorized?: boolean; ca?: string };
  private hasConnected = false;
  readonly maxAnswerBytes: number;
  private readonly refusals: RefusalMemory;

  constructor(opts: TransportOptions) {
    const url = parseApiHost(opts.apiHost);
    this.apiHost = opts.apiHost;
    this.host = url.host;
    this.timeouts = withDefaults(DEFAULT_TIMEOUTS, opts.timeouts);
    this.retry = withDefaults(DEFAULT_RETRY_POLICY, opts.retry);
    this.pathPrefix = url.pathname.replace(/\/+$/, '') + versionPrefix(opts.apiVersion);
    this.worker = opts.worker ?? hostname();
    this.maxAnswerBytes = opts.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    this.refusals = new RefusalMemory(opts.now ?? Date.now);

    const tls: { rejectUnauthorized?: boolean; ca?: string } =
      opts.verifyCertificate === false
        ? { rejectUnauthorized: false }
        : typeof opts.verifyCertificate === 'string'
          ? { ca: readCaBundle(opts.verifyCertificate) }
          : {};
    this.tls = tls;
    // undici's own connect timer ticks in ~0.5 s steps; a precise AbortSignal deadline replaces it.
    const connector = buildConnector({ ...tls, timeout: 0 });
    this.pool = new Pool(url.origin, {
      connections: MAX_CONNECTIONS,
      keepAliveTimeout: KEEP_ALIVE_MS,
      keepAliveMaxTimeout: MAX_KEEP_ALIVE_MS,
      // The total deadline (an AbortSignal) bounds every request; undici's own timers are coarse.
      headersTimeout: 0,
      bodyTimeout: 0,
      connect: (options, callback) => this.connectWithDeadline(connector, options, callback),
    });
  }

  /** Connects (TCP, then TLS for https) within the connect deadline: 3 s until a first success, then 10 s. */
  private connectWithDeadline(
    connector: buildConnector.connector,
    options: buildConnector.Options,
    callback: buildConnector.Callback,
  ): void {
    const ms = this.connectMs();
    const deadline = AbortSignal.timeout(ms);
    let settled = false;
    const finish: buildConnector.Callback = (...result) => {
      if (settled) {
        // The deadline already failed this connect; drop a socket that arrives late.
        result[1]?.destroy();
        return;
      }
      settled = true;
      deadline.removeEventListener('abort', onDeadline);
      if (result[0] === null) this.hasConnected = true;
      callback(...result);
    };
    // buildConnector's connector returns the socket it opens (its typings say void).
    const socket: unknown = (connector as (...args: Parameters<buildConnector.connector>) => unknown)(options, finish);
    function onDeadline(): void {
      finish(connectTimeoutError(ms), null);
      if (socket instanceof Socket) socket.destroy();
    }
    deadline.addEventListener('abort', onDeadline, { once: true });
  }

  pathOf(endpoint: Endpoint): string {
    return `${this.pathPrefix}/${endpoint}`;
  }

  /** Sends one call (retrying idempotent reads on transient failures) and returns the decoded `data`. */
  async send(endpoint: Endpoint, body: unknown, opts: SendOptions = {}): Promise<unknown> {
    const totalMs = opts.timeoutMs ?? this.timeouts.totalMs;
    if (opts.signal?.aborted) throw abortedError(endpoint, opts.signal.reason);
    const call = new CallSignal(totalMs, opts.signal);
    try {
      return await this.sendWithin(endpoint, body, opts, call, totalMs);
    } finally {
      call.dispose();
    }
  }

  private async sendWithin(
    endpoint: Endpoint,
    body: unknown,
    opts: SendOptions,
    call: CallSignal,
    totalMs: number,
  ): Promise<unknown> {
    const ctx: FailureContext = { endpoint, host: this.host, callerSignal: opts.signal, deadline: call, totalMs };
    const { signal } = call;
    const giveUpAt = Date.now() + totalMs;
    const { payload, contentType } = encodeBody(endpoint, body);
    // The same request was just answered with more than the bound: not downloaded again yet.
    const refused = this.refusals.recall(endpoint, payload);
    if (refused !== undefined) throw refused;
    const headers: Record<string, string> = {
      'content-type': contentType,
      'x-clearml-client': `tracktop-${VERSION}`,
    };
    // Servers stamp the worker on what a call writes (events, task pings); the monitor's
    // frequent reads leave it out, a few dozen bytes less per poll.
    if (OPERATIONS[endpoint].kind !== 'read') headers['x-clearml-worker'] = this.worker;
    if (opts.authorization !== undefined) headers.authorization = opts.authorization;

    for (let retry = 0; ; retry++) {
      try {
        return await this.once(endpoint, payload, headers, signal, opts);
      } catch (thrown) {
        if (thrown instanceof AnswerTooLarge) {
          const err = answerTooLargeError(endpoint, thrown);
          this.refusals.remember(endpoint, payload, err);
          throw err;
        }
        const err = classifyFailure(thrown, ctx, this.connectMs());
        if (retry >= this.retry.maxRetries || !mayRetry(endpoint, err)) throw err;
        const delay = retryDelayMs(retry, this.retry, err.retryAfterSec);
        if (Date.now() + delay >= giveUpAt) throw err;
        try {
          await sleep(delay, signal);
        } catch (abort) {
          throw classifyFailure(abort, ctx, this.connectMs());
        }
      }
    }
  }

  private connectMs(): number {
    return this.hasConnected ? this.timeouts.connectMs : this.timeouts.firstConnectMs;
  }

  private async once(
    endpoint: Endpoint,
    payload: string,
    headers: Record<string, string>,
    signal: AbortSignal,
    { peek, peekBytes, onSent }: Pick<SendOptions, 'peek' | 'peekBytes' | 'onSent'>,
  ): Promise<unknown> {
    // Every body is read to the end, errors included, so the socket goes back to the pool.
    const {
      status,
      headers: answerHeaders,
      body,
    } = await exchange(
      this.pool,
      { method: 'POST', path: this.pathOf(endpoint), headers, body: payload, maxBytes: this.maxAnswerBytes, onSent },
      signal,
    );
    const ok = status >= 200 && status < 300;
    if (ok && peekBytes !== undefined) await peekBytes(body);
    // Not the server's ASCII shortcut (server/http/utf8-text.ts): Node makes a Latin-1 string of
    // 1 MB or more external, freed only when V8 counts 64 MB of them, and the log search's
    // worker, which reads pages without parsing them, grew by 40 MB (bench/log-search.mjs).
    const text = body.toString('utf8');
    if (ok && peek !== undefined) {
      const peeked: unknown = await peek(text);
      if (peeked !== undefined) return new PeekedAnswer(peeked);
    }
    return decodeAnswer(endpoint, {
      status,
      contentType: headerValue(answerHeaders['content-type']) ?? '',
      retryAfterSec: parseRetryAfter(headerValue(answerHeaders['retry-after']), Date.now()),
      text,
    });
  }

  /** Lets in-flight calls finish for a moment, then drops every connection so Node can exit. */
  async close(graceMs = CLOSE_GRACE_MS): Promise<void> {
    if (this.pool.destroyed) return;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
    });
    const closing = this.pool.closed ? Promise.resolve() : this.pool.close();
    const outcome = await Promise.race([closing.then(() => 'closed' as const), grace]);
    clearTimeout(timer);
    if (outcome === 'late') await this.pool.destroy();
  }
}
