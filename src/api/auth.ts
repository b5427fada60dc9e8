// Tokens: `auth.login` with the key pair (docs/wire-facts.md §2), lazily before the first call and
// again shortly before the token expires; one shared login for concurrent callers; one
// re-login and retry when a call is answered 401/30. A token given without a key pair is
// used as is and cannot be renewed.
import type { LoginResponse, TokenClaims } from '../wire/auth.js';
import { ERRORS } from '../wire/errors.js';
import type { Endpoint } from '../wire/operations.js';
import { ApiError, isApiError } from './errors.js';
import { decodeTokenClaims, tokenExpiry } from './jwt.js';
import { abortedError } from './network-errors.js';
import type { SendOptions, Transport } from './transport.js';

export const DEFAULT_REFRESH_THRESHOLD_SEC = 360;

interface AuthOptions {
  accessKey?: string | undefined;
  secretKey?: string | undefined;
  token?: string | undefined;
  /** Epoch milliseconds. */
  now: () => number;
  /** Log in again when the token expires within this many seconds. */
  refreshThresholdSec: number;
  /** expiration_sec sent with automatic logins; default: the server's (30 days). */
  loginExpirationSec?: number | undefined;
}

interface CallAuthOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  peek?: SendOptions['peek'];
  peekBytes?: SendOptions['peekBytes'];
  onSent?: SendOptions['onSent'];
}

const CREDENTIAL_SETTINGS =
  'check api.credentials access_key/secret_key in clearml.conf, CLEARML_API_ACCESS_KEY/CLEARML_API_SECRET_KEY, or --access-key/--secret-key';

function isUnauthorized(err: ApiError): boolean {
  return err.httpStatus === 401 || err.resultCode === 401;
}

function isInvalidToken(err: ApiError): boolean {
  return isUnauthorized(err) && err.resultSubcode === ERRORS.invalidToken.subcode;
}

/** Waits for a shared promise, but lets this caller give up when its own signal fires. */
function awaitWithSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined, endpoint: string): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(abortedError(endpoint, signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(endpoint, signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

export class Authenticator {
  private token: string | undefined;
  private claims: TokenClaims | undefined;
  private inflight: Promise<string> | undefined;

  constructor(
    private readonly transport: Transport,
    private readonly opts: AuthOptions,
  ) {
    if (opts.token !== undefined && opts.token !== '') this.install(opts.token);
  }

  get hasKeyPair(): boolean {
    return Boolean(this.opts.accessKey && this.opts.secretKey);
  }

  /** Claims of the current token, if it is a readable JWT. */
  currentClaims(): TokenClaims | undefined {
    return this.claims;
  }

  /** Calls an endpoint with a valid token; on 401/30 logs in again once and retries once. */
  async call(endpoint: Endpoint, body: unknown, opts: CallAuthOptions = {}): Promise<unknown> {
    const token = await this.validToken(endpoint, opts.signal);
    try {
      return await this.send(endpoint, body, token, opts);
    } catch (err) {
      if (!isApiError(err) || !isUnauthorized(err)) throw err;
      if (!isInvalidToken(err)) throw this.unauthorized(err);
      if (!this.hasKeyPair) throw this.tokenRejected(err);
      // Another caller may already have replaced the token this call was sent with.
      const fresh =
        this.token !== undefined && this.token !== token ? this.token : await this.sharedLogin(endpoint, opts.signal);
      try {
        return await this.send(endpoint, body, fresh, opts);
      } catch (again) {
        if (isApiError(again) && isUnauthorized(again)) {
          throw again.with({
            kind: 'auth',
            message: `the server rejected a freshly issued token (${again.message}); ${CREDENTIAL_SETTINGS}`,
          });
        }
        throw again;
      }
    }
  }

  /** A token that is valid now, logging in first when there is none or it is about to expire. */
  async validToken(endpoint: string, signal?: AbortSignal): Promise<string> {
    if (this.token !== undefined && !this.expiresSoon()) return this.token;
    if (!this.hasKeyPair) {
      if (this.token !== undefined) return this.token;
      throw new ApiError({
        kind: 'auth',
        endpoint,
        message: `no credentials for ${this.transport.host}: set an access key and secret key (${CREDENTIAL_SETTINGS}) or CLEARML_AUTH_TOKEN`,
      });
    }
    return this.sharedLogin(endpoint, signal);
  }

  /**
   * An explicit login (client.auth.login): a new token, installed for later calls. Uses the
   * key pair, or the current token when there is no key pair (real servers renew a valid token).
   */
  async login(expirationSec: number | undefined, opts: CallAuthOptions = {}): Promise<LoginResponse> {
    if (expirationSec === undefined) {
      return { token: await this.sharedLogin('auth.login', opts.signal) };
    }
    return { token: await this.loginNow(expirationSec, opts) };
  }

  private expiresSoon(): boolean {
    if (!this.hasKeyPair) return false;
    const exp = tokenExpiry(this.claims);
    if (exp === undefined) return false;
    // A token issued for less than twice the threshold would otherwise be renewed before every call.
    const iat = this.claims?.iat;
    const lifetime = typeof iat === 'number' ? exp - iat : Infinity;
    const threshold = Math.min(this.opts.refreshThresholdSec, lifetime / 2);
    return exp - this.opts.now() / 1000 < threshold;
  }

  private sharedLogin(endpoint: string, signal: AbortSignal | undefined): Promise<string> {
    if (this.inflight === undefined) {
      const attempt = this.loginNow(this.opts.loginExpirationSec, {});
      this.inflight = attempt;
      const clear = () => {
        if (this.inflight === attempt) this.inflight = undefined;
      };
      attempt.then(clear, clear);
    }
    return awaitWithSignal(this.inflight, signal, endpoint);
  }

  private async loginNow(expirationSec: number | undefined, opts: CallAuthOptions): Promise<string> {
    const authorization = this.loginAuthorization();
    const body = expirationSec === undefined ? {} : { expiration_sec: expirationSec };
    let data: unknown;
    try {
      data = await this.transport.send('auth.login', body, { ...opts, authorization });
    } catch (err) {
      if (isApiError(err) && isUnauthorized(err)) {
        throw err.with({
          kind: 'auth',
          message: this.hasKeyPair
            ? `credentials rejected by ${this.transport.host} (${err.message}); ${CREDENTIAL_SETTINGS}`
            : `the token was rejected by ${this.transport.host} (${err.message}); get a new one`,
        });
      }
      throw err;
    }
    const token = (data as { token?: unknown } | null)?.token;
    if (typeof token !== 'string' || token === '') {
      throw new ApiError({
        kind: 'protocol',
        endpoint: 'auth.login',
        httpStatus: 200,
        message: `${this.transport.host} answered auth.login without a token`,
      });
    }
    this.install(token);
    return token;
  }

  private loginAuthorization(): string {
    if (this.hasKeyPair) {
      return `Basic ${Buffer.from(`${this.opts.accessKey}:${this.opts.secretKey}`, 'utf8').toString('base64')}`;
    }
    if (this.token !== undefined) return `Bearer ${this.token}`;
    throw new ApiError({
      kind: 'auth',
      endpoint: 'auth.login',
      message: `no credentials for ${this.transport.host}: set an access key and secret key (${CREDENTIAL_SETTINGS})`,
    });
  }

  private install(token: string): void {
    this.token = token;
    this.claims = decodeTokenClaims(token);
  }

  private send(endpoint: Endpoint, body: unknown, token: string, opts: CallAuthOptions): Promise<unknown> {
    const sendOpts: SendOptions = {
      authorization: `Bearer ${token}`,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
      peek: opts.peek,
      peekBytes: opts.peekBytes,
      onSent: opts.onSent,
    };
    return this.transport.send(endpoint, body, sendOpts);
  }

  private tokenRejected(err: ApiError): ApiError {
    return err.with({
      kind: 'auth',
      message: `the server rejected the token (${err.message}); get a new one (CLEARML_AUTH_TOKEN) or configure an access key and secret key`,
    });
  }

  private unauthorized(err: ApiError): ApiError {
    return err.with({ kind: 'auth', message: `not authorized (${err.message}); ${CREDENTIAL_SETTINGS}` });
  }
}
