// A scriptable HTTP(S) server on 127.0.0.1:0 for the client tests. It records every request
// (method, path, headers, raw body) and answers each endpoint from a script: envelopes,
// error envelopes, raw bodies, delays, hangs or dropped connections.
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { ErrorCode } from '../../src/wire/errors.js';

export interface RecordedRequest {
  method: string;
  path: string;
  /** `service.action` taken from the path (version prefix and base path removed). */
  endpoint: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The client's side of the connection: equal ports mean a reused keep-alive socket. */
  remotePort: number | undefined;
}

export interface Reply {
  status?: number;
  /** A raw body instead of an envelope. */
  raw?: string;
  /** Envelope fields; used when `raw` is absent. */
  data?: unknown;
  resultCode?: number;
  resultSubcode?: number;
  resultMsg?: string;
  contentType?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Never answer (the connection stays open until the server closes). */
  hang?: boolean;
  /** Drop the connection without answering. */
  destroy?: boolean;
  /** Send the headers (with the whole body's length) and the body's first `bytes` only, then hang or drop. */
  partial?: { bytes: number; then: 'hang' | 'destroy' };
}

export type Responder = Reply | ((req: RecordedRequest) => Reply | Promise<Reply>);

export function ok(data: unknown): Reply {
  return { status: 200, data };
}

export function fail(error: ErrorCode, detail = ''): Reply {
  return {
    status: error.httpStatus,
    resultCode: error.code,
    resultSubcode: error.subcode,
    resultMsg: detail === '' ? error.text : `${error.text}${detail}`,
    data: {},
  };
}

export function makeToken(claims: Record<string, unknown>): string {
  const part = (obj: unknown) => Buffer.from(JSON.stringify(obj)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

function endpointOf(path: string): string {
  const last = path.split('?')[0]!.replace(/\/+$/, '').split('/').pop() ?? '';
  return last;
}

export function envelopeFor(endpoint: string, reply: Reply): string {
  const code = reply.resultCode ?? reply.status ?? 200;
  return JSON.stringify({
    meta: {
      id: '0123456789abcdef0123456789abcdef',
      trx: '0123456789abcdef0123456789abcdef',
      endpoint: { name: endpoint, requested_version: '2.31', actual_version: '1.0' },
      result_code: code,
      result_subcode: reply.resultSubcode ?? 0,
      result_msg: reply.resultMsg ?? (code === 200 ? 'OK' : 'error'),
      error_stack: code === 200 ? '' : null,
      error_data: {},
    },
    data: reply.data ?? {},
  });
}

export class FakeServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queues = new Map<string, Responder[]>();
  private readonly defaults = new Map<string, Responder>();
  private url_ = '';

  private constructor(private readonly server: Server) {
    server.on('request', (req, res) => void this.handle(req, res));
    // Login answers a fresh token unless a test scripts otherwise.
    this.defaults.set('auth.login', () => ok({ token: makeToken({ exp: Math.floor(Date.now() / 1000) + 86_400 }) }));
  }

  static async start(tls?: { key: string; cert: string }): Promise<FakeServer> {
    const server = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }) : createHttpServer();
    const fake = new FakeServer(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake.url_ = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
    return fake;
  }

  get url(): string {
    return this.url_;
  }

  /** Answers the next calls of `endpoint` with these responders, in order (then falls back to `always`). */
  reply(endpoint: string, ...responders: Responder[]): this {
    const queue = this.queues.get(endpoint) ?? [];
    queue.push(...responders);
    this.queues.set(endpoint, queue);
    return this;
  }

  /** Answers every call of `endpoint` that has nothing queued. */
  always(endpoint: string, responder: Responder): this {
    this.defaults.set(endpoint, responder);
    return this;
  }

  requestsTo(endpoint: string): RecordedRequest[] {
    return this.requests.filter((r) => r.endpoint === endpoint);
  }

  /** Parsed JSON bodies of the calls to `endpoint`. */
  bodiesOf(endpoint: string): unknown[] {
    return this.requestsTo(endpoint).map((r) => JSON.parse(r.body) as unknown);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '/';
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      path,
      endpoint: endpointOf(path),
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      remotePort: req.socket.remotePort,
    };
    this.requests.push(recorded);

    const responder = this.queues.get(recorded.endpoint)?.shift() ?? this.defaults.get(recorded.endpoint);
    const reply: Reply =
      responder === undefined
        ? {
            status: 404,
            resultSubcode: 0,
            resultMsg: `Unable to find endpoint for name ${recorded.endpoint} and version 2.31`,
          }
        : typeof responder === 'function'
          ? await responder(recorded)
          : responder;

    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.hang) return;
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const body = Buffer.from(reply.raw ?? envelopeFor(recorded.endpoint, reply), 'utf8');
    res.writeHead(reply.status ?? 200, {
      'content-type': reply.contentType ?? (reply.raw === undefined ? 'application/json' : 'text/plain'),
      // A partial body must be known short: with its full length announced, not chunked.
      ...(reply.partial === undefined ? {} : { 'content-length': String(body.length) }),
      ...reply.headers,
    });
    if (reply.partial !== undefined) {
      res.write(body.subarray(0, reply.partial.bytes));
      if (reply.partial.then === 'destroy') setTimeout(() => req.socket.destroy(), 20);
      return;
    }
    res.end(body);
  }
}
