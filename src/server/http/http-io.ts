// Reading request bodies and writing plain answers, for both fronts of the embedded server on
// one port: the API (app.ts) and the files host (files/files-http.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const SERVER_HEADER = 'tracktop';

/** The body passed the limit; nothing more of it was buffered. */
export class BodyTooLarge extends Error {}
/** The client went away mid-body: nothing to answer, nothing to log. */
export class BodyAborted extends Error {}

/** Sends JSON text (already serialised: the API's envelopes may carry pre-built bytes). */
export function sendJson(
  res: ServerResponse,
  status: number,
  json: string | Buffer,
  extraHeaders: Record<string, string> = {},
): void {
  sendBody(res, status, 'application/json', json, extraHeaders);
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  extraHeaders: Record<string, string> = {},
): void {
  sendBody(res, status, 'text/plain; charset=utf-8', text, extraHeaders);
}

function sendBody(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
  extraHeaders: Record<string, string>,
): void {
  res.writeHead(status, {
    ...extraHeaders,
    server: SERVER_HEADER,
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function declaredLength(req: IncomingMessage): number | undefined {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) ? declared : undefined;
}

/**
 * Reads the body, refusing (without buffering further) once it passes `limit` bytes: rejects
 * with BodyTooLarge, or BodyAborted when the client goes away first.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = declaredLength(req);
  // Refused before any of it is read: the 413 goes out while the client is still sending.
  if (declared !== undefined && declared > limit) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const settle = (finish: () => void) => {
      if (done) return;
      done = true;
      finish();
    };
    const onData = (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        req.off('data', onData);
        settle(() => reject(new BodyTooLarge()));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => settle(() => resolve(Buffer.concat(chunks, size))));
    const aborted = () => settle(() => reject(new BodyAborted()));
    req.on('error', aborted);
    req.on('close', aborted);
  });
}

/** A byte limit as people read it in an error message. */
export function formatBytes(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : `${n} bytes`;
}
