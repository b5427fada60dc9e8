// createClient: the typed ClearML client. `call` for any endpoint, plus one function per
// operation grouped by service (client.events.getTaskLog(...)), serverInfo and close.
import type { LoginRequest } from '../wire/auth.js';
import type { Endpoint, RequestOf, ResponseOf } from '../wire/operations.js';
import type { ReportsCreateRequest, ReportsCreateResponse, ReportsUpdateRequest } from '../wire/reports.js';
import { checkAnswerShape } from './answer-shapes.js';
import { Authenticator, DEFAULT_REFRESH_THRESHOLD_SEC } from './auth.js';
import { isApiError } from './errors.js';
import { fetchBytes, sameOrigin } from './fetch-file.js';
import { tokenExpiry } from './jwt.js';
import { normalizeResponse, prepareRequest } from './normalize.js';
import type { RetryPolicy } from './retry.js';
import { SERVICE_METHODS, type CallOptions, type ServiceClients, type ServiceName } from './services.js';
import { PeekedAnswer, Transport, type Timeouts } from './transport.js';

export interface ClientOptions {
  /** e.g. "https://api.clear.ml" or "http://localhost:8008"; a path prefix is kept. */
  apiHost: string;
  accessKey?: string | undefined;
  secretKey?: string | undefined;
  /** A bearer token to use instead of (or before) logging in with the key pair. */
  token?: string | undefined;
  /** false: accept any certificate; a string: path of a CA bundle (PEM). Default true. */
  verifyCertificate?: boolean | string | undefined;
  timeouts?: Partial<Timeouts> | undefined;
  /** Sends calls to `/v{apiVersion}/...`; default none (the server's newest handlers). */
  apiVersion?: string | undefined;
  /** Epoch milliseconds; injectable for tests. Default Date.now. */
  now?: (() => number) | undefined;
  retry?: Partial<RetryPolicy> | undefined;
  /** Log in again when the token expires within this many seconds (default 360). */
  refreshThresholdSec?: number | undefined;
  /** expiration_sec of automatic logins (default: the server's, 30 days). */
  loginExpirationSec?: number | undefined;
  /** X-ClearML-Worker header (default the host name). */
  worker?: string | undefined;
  /** The files server (`api.files_server`): downloads from it carry the token, as from the API host. */
  filesHost?: string | undefined;
  /** Bound of one answer in bytes (default 64 MiB, answer-limit.ts); larger answers are refused unread. */
  maxAnswerBytes?: number | undefined;
}

interface DownloadOptions {
  signal?: AbortSignal | undefined;
  /** Larger files are refused with a FetchFileError saying so. */
  maxBytes?: number | undefined;
  timeoutMs?: number | undefined;
}

export interface ServerInfo {
  apiHost: string;
  /** The server's newest API version, as its token says. */
  apiVersion?: string;
  serverVersion?: string;
  /** User name, else user id. */
  user?: string;
  userId?: string;
  /** Company name, else company id. */
  company?: string;
  companyId?: string;
  /** Epoch milliseconds. */
  tokenExpiresAt?: number;
}

export interface ApiClient extends ServiceClients {
  readonly apiHost: string;
  call<K extends Endpoint>(endpoint: K, body: RequestOf<K>, opts?: CallOptions): Promise<ResponseOf<K>>;
  /** What the token says about the server and the user (logs in first when needed). */
  serverInfo(opts?: CallOptions): Promise<ServerInfo>;
  /** A valid bearer token (logs in first when needed), for files served beside the API. */
  bearerToken(opts?: CallOptions): Promise<string>;
  /**
   * A file (a debug image) in memory, with the client's TLS settings; the token goes only to
   * the API host and the files server, never to another host.
   */
  downloadBytes(url: string, opts?: DownloadOptions): Promise<Uint8Array>;
  /** Closes the connection pool so Node can exit. The client is unusable afterwards. */
  close(): Promise<void>;
}

const REPORT_BODY_FIELDS = ['report', 'report_assets'] as const;

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function createClient(opts: ClientOptions): ApiClient {
  const transport = new Transport({
    apiHost: opts.apiHost,
    apiVersion: opts.apiVersion,
    verifyCertificate: opts.verifyCertificate,
    timeouts: opts.timeouts,
    retry: opts.retry,
    worker: opts.worker,
    maxAnswerBytes: opts.maxAnswerBytes,
    now: opts.now,
  });
  const auth = new Authenticator(transport, {
    accessKey: opts.accessKey,
    secretKey: opts.secretKey,
    token: opts.token,
    now: opts.now ?? Date.now,
    refreshThresholdSec: opts.refreshThresholdSec ?? DEFAULT_REFRESH_THRESHOLD_SEC,
    loginExpirationSec: opts.loginExpirationSec,
  });

  async function send<K extends Endpoint>(
    endpoint: K,
    body: unknown,
    callOpts: CallOptions<unknown> = {},
  ): Promise<ResponseOf<K>> {
    const request = prepareRequest(endpoint, body ?? {});
    const data = await auth.call(endpoint, request, callOpts);
    // The caller's peek chose to read this answer itself: its result is what the caller expects.
    if (data instanceof PeekedAnswer) return data.value as ResponseOf<K>;
    checkAnswerShape(endpoint, data);
    return normalizeResponse(endpoint, data, request) as ResponseOf<K>;
  }

  /** Real servers ignore report/report_assets on create; they are set by a following update. */
  async function createReport(
    req: ReportsCreateRequest,
    callOpts?: CallOptions<unknown>,
  ): Promise<ReportsCreateResponse> {
    const update: Partial<ReportsUpdateRequest> = {};
    const createBody: Record<string, unknown> = { ...req };
    for (const field of REPORT_BODY_FIELDS) {
      if (req[field] !== undefined) {
        (update as Record<string, unknown>)[field] = req[field];
        delete createBody[field];
      }
    }
    const created = await send('reports.create', createBody, callOpts);
    if (Object.keys(update).length === 0) return created;
    try {
      await send('reports.update', { task: created.id, ...update }, callOpts);
    } catch (err) {
      if (isApiError(err)) {
        throw err.with({ message: `report ${created.id} was created but its body was not saved: ${err.message}` });
      }
      throw err;
    }
    return created;
  }

  async function call<K extends Endpoint>(
    endpoint: K,
    req: RequestOf<K>,
    callOpts?: CallOptions<unknown>,
  ): Promise<ResponseOf<K>> {
    if (endpoint === 'auth.login') {
      const login = (req ?? {}) as LoginRequest;
      return (await auth.login(login.expiration_sec, callOpts)) as ResponseOf<K>;
    }
    if (endpoint === 'reports.create') {
      return (await createReport(req as ReportsCreateRequest, callOpts)) as ResponseOf<K>;
    }
    return send(endpoint, req, callOpts);
  }

  function service(
    name: ServiceName,
  ): Record<string, (req?: unknown, callOpts?: CallOptions<unknown>) => Promise<unknown>> {
    const fns: Record<string, (req?: unknown, callOpts?: CallOptions<unknown>) => Promise<unknown>> = {};
    for (const [fn, endpoint] of Object.entries(SERVICE_METHODS[name])) {
      fns[fn] = (req?: unknown, callOpts?: CallOptions<unknown>) =>
        call(endpoint as Endpoint, (req ?? {}) as RequestOf<Endpoint>, callOpts);
    }
    return Object.freeze(fns);
  }

  async function serverInfo(callOpts: CallOptions = {}): Promise<ServerInfo> {
    await auth.validToken('auth.login', callOpts.signal);
    const claims = auth.currentClaims();
    const identity = claims?.identity;
    const info: ServerInfo = { apiHost: opts.apiHost };
    const apiVersion = str(claims?.api_version);
    const serverVersion = str(claims?.server_version);
    const userId = str(identity?.user);
    const companyId = str(identity?.company);
    const user = str(identity?.user_name) ?? userId;
    const company = str(identity?.company_name) ?? companyId;
    const exp = tokenExpiry(claims);
    if (apiVersion !== undefined) info.apiVersion = apiVersion;
    if (serverVersion !== undefined) info.serverVersion = serverVersion;
    if (user !== undefined) info.user = user;
    if (userId !== undefined) info.userId = userId;
    if (company !== undefined) info.company = company;
    if (companyId !== undefined) info.companyId = companyId;
    if (exp !== undefined) info.tokenExpiresAt = exp * 1000;
    return info;
  }

  async function downloadBytes(url: string, dl: DownloadOptions = {}): Promise<Uint8Array> {
    const trusted = sameOrigin(url, [opts.apiHost, opts.filesHost]);
    const token = trusted ? await auth.validToken('auth.login', dl.signal) : undefined;
    return fetchBytes(url, {
      token,
      signal: dl.signal,
      maxBytes: dl.maxBytes,
      timeoutMs: dl.timeoutMs,
      tls: transport.tls,
    });
  }

  const services = Object.fromEntries(
    (Object.keys(SERVICE_METHODS) as ServiceName[]).map((name) => [name, service(name)]),
  ) as unknown as ServiceClients;

  return Object.freeze({
    ...services,
    apiHost: opts.apiHost,
    call,
    serverInfo,
    bearerToken: (callOpts: CallOptions = {}) => auth.validToken('auth.login', callOpts.signal),
    downloadBytes,
    close: () => transport.close(),
  });
}
