// A real node:http server that answers every call with a body far larger than a client should
// read: one that announces its size (Content-Length) or a chunked one that never ends. It
// writes as fast as the client reads (respecting backpressure) and counts what it wrote, so a
// test can tell the client stopped reading instead of buffering the rest. Given a real server
// to stand in front of, it passes every other call on to it unchanged.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type HugeMode = 'declared' | 'endless';

export interface HugeAnswers {
  url: string;
  /** What the next answers are: announced with a size, or chunked without end. */
  mode: HugeMode;
  /** Bytes an announced answer says it has. */
  declaredBytes: number;
  /** In front of a real server: the calls answered huge (the rest are passed on); else all. */
  endpoints: Set<string>;
  /** Requests answered huge, with their endpoint and body. */
  requests: { endpoint: string; body: string }[];
  /** Body bytes written by each answer once its connection closed. */
  written: number[];
  /** Answers whose connection is still open. */
  open(): number;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(1024 * 1024, 'x'.charCodeAt(0));
const PREFIX = Buffer.from('{"meta":{"result_code":200},"data":{"tasks":["');

function writeUntilClosed(res: ServerResponse, limit: number, done: (bytes: number) => void): void {
  let bytes = 0;
  let closed = false;
  res.on('close', () => {
    closed = true;
    done(bytes);
  });
  const pump = (): void => {
    while (!closed && bytes < limit) {
      const piece = bytes === 0 ? PREFIX : CHUNK.subarray(0, Math.min(CHUNK.length, limit - bytes));
      bytes += piece.length;
      if (!res.write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!closed) res.end();
  };
  pump();
}

function passOn(target: URL, req: IncomingMessage, body: Buffer, res: ServerResponse): void {
  const out = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  out.on('error', () => res.destroy());
  out.end(body);
}

export async function startHugeAnswers(declaredBytes = 200 * 1024 * 1024, inFrontOf?: string): Promise<HugeAnswers> {
  const target = inFrontOf === undefined ? undefined : new URL(inFrontOf);
  let openCount = 0;
  const huge: HugeAnswers = {
    url: '',
    mode: 'declared',
    declaredBytes,
    endpoints: new Set(),
    requests: [],
    written: [],
    open: () => openCount,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = (req.url ?? '').split('/').pop() ?? '';
      const body = Buffer.concat(chunks);
      if (target !== undefined && !huge.endpoints.has(endpoint)) return passOn(target, req, body, res);
      huge.requests.push({ endpoint, body: body.toString('utf8') });
      openCount++;
      const declared = huge.mode === 'declared';
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(declared ? { 'content-length': String(huge.declaredBytes) } : {}),
      });
      writeUntilClosed(res, declared ? huge.declaredBytes : Infinity, (bytes) => {
        openCount--;
        huge.written.push(bytes);
      });
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  huge.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closeServer = huge.close;
  huge.close = async () => {
    server.closeAllConnections();
    await closeServer();
  };
  return huge;
}
