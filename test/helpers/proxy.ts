// A tiny HTTP proxy in front of the embedded server, for what the server itself cannot show:
// which endpoints the store called (to prove a quiet poll sends only the list request), how
// many requests were in flight at once, and answers that arrive slowly.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyCall {
  endpoint: string;
  body: string;
  /** Epoch ms the answer was passed on to the client (unset while unanswered). */
  answeredAt?: number;
  /** The delay (ms) the request was held for; unset when it went through at once. */
  delayedMs?: number;
}

export interface CountingProxy {
  url: string;
  calls: ProxyCall[];
  /** Calls to `service.action` endpoints, in order (auth.login left out). */
  endpoints(): string[];
  /** Most requests in flight at once, per endpoint. */
  maxInFlight: Map<string, number>;
  /** Delay (ms) before forwarding requests to an endpoint. */
  delays: Map<string, number>;
  /** Rewrites the answer body of an endpoint (to send data no real server would). */
  rewrites: Map<string, (body: string) => string>;
  reset(): void;
  close(): Promise<void>;
}

function endpointOf(url: string | undefined): string {
  const path = (url ?? '').split('?')[0] ?? '';
  const last =
    path
      .split('/')
      .filter((p) => p !== '')
      .pop() ?? '';
  return last;
}

export async function startProxy(target: string): Promise<CountingProxy> {
  const targetUrl = new URL(target);
  const calls: ProxyCall[] = [];
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  const delays = new Map<string, number>();
  const rewrites = new Map<string, (body: string) => string>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const endpoint = endpointOf(req.url);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const call: ProxyCall = { endpoint, body: body.toString('utf8') };
      calls.push(call);
      const now = (inFlight.get(endpoint) ?? 0) + 1;
      inFlight.set(endpoint, now);
      maxInFlight.set(endpoint, Math.max(maxInFlight.get(endpoint) ?? 0, now));
      // A request ends when answered or when the client gives up on it: an abort ends the
      // client's side of the socket, which may come before the server side is closed.
      let finished = false;
      const socket = req.socket;
      const done = () => {
        if (finished) return;
        finished = true;
        inFlight.set(endpoint, (inFlight.get(endpoint) ?? 1) - 1);
        socket.off('end', done);
        socket.off('close', done);
      };
      res.on('close', done);
      socket.once('end', done);
      socket.once('close', done);
      const forward = () => {
        const upstream = request(
          {
            hostname: targetUrl.hostname,
            port: targetUrl.port,
            path: req.url,
            method: req.method,
            headers: { ...req.headers, host: targetUrl.host, 'content-length': String(body.length) },
          },
          (answer) => {
            const rewrite = rewrites.get(endpoint);
            if (rewrite === undefined) {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
              answer.on('end', () => {
                call.answeredAt = Date.now();
                done();
              });
              return;
            }
            const parts: Buffer[] = [];
            answer.on('data', (c: Buffer) => parts.push(c));
            answer.on('end', () => {
              const text = rewrite(Buffer.concat(parts).toString('utf8'));
              const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) };
              delete headers['content-encoding'];
              res.writeHead(answer.statusCode ?? 502, headers);
              res.end(text);
              call.answeredAt = Date.now();
              done();
            });
          },
        );
        upstream.on('error', () => {
          done();
          if (!res.headersSent) res.writeHead(502);
          res.end();
        });
        upstream.end(body);
      };
      const delay = delays.get(endpoint) ?? 0;
      if (delay > 0) call.delayedMs = delay;
      if (delay > 0)
        setTimeout(() => {
          if (!finished) forward();
        }, delay);
      else forward();
    });
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    endpoints: () => calls.map((c) => c.endpoint).filter((e) => e !== 'auth.login'),
    maxInFlight,
    delays,
    rewrites,
    reset() {
      calls.length = 0;
      maxInFlight.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
