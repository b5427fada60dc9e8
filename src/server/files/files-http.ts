// The files host of the embedded server (the SDK's `files_server`): multipart POSTs store
// objects under the form field's name, GETs serve them back. Both need the API token, which
// the SDK sends to its files host.
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate } from '../auth.js';
import type { Db } from '../db.js';
import { ServerError } from '../errors.js';
import { contentTypeFor } from './content-type.js';
import { BadFilePath, filePathSegments, urlPathSegments } from './file-paths.js';
import { findFile, storeFile } from './file-store.js';
import { BadMultipart, multipartBoundary, parseMultipart } from './multipart.js';

export interface FilesDeps {
  db: Db;
  now: () => number;
  /** Where objects are stored (beside the database). */
  dir: string;
  /** Largest upload body accepted, bytes. */
  maxUploadBytes: number;
}

const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Whether a request is for the files host rather than the API. */
export function isFilesRequest(
  method: string | undefined,
  contentType: string,
  pathIsEndpoint: boolean,
  deps: FilesDeps,
  urlPath: string,
): boolean {
  if (method === 'POST') return multipartBoundary(contentType) !== undefined;
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!pathIsEndpoint) return urlPath !== '/' && urlPath !== '';
  // `/name.ext` also looks like an API endpoint: it is a file only when one is stored there.
  try {
    return findFile(deps.dir, urlPathSegments(urlPath)) !== undefined;
  } catch {
    return false;
  }
}

function sendText(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...extra,
    server: 'tracktop',
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

class TooLarge extends Error {}

function readUpload(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new TooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        chunks.length = 0;
        reject(new TooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) {
        done = true;
        resolve(Buffer.concat(chunks, size));
      }
    });
    const gone = () => {
      if (!done) {
        done = true;
        resolve(undefined);
      }
    };
    req.on('error', gone);
    req.on('close', gone);
  });
}

function mib(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

async function upload(deps: FilesDeps, req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<void> {
  const boundary = multipartBoundary(req.headers['content-type'] ?? '') as string;
  let body: Buffer | undefined;
  try {
    body = await readUpload(req, deps.maxUploadBytes + MULTIPART_OVERHEAD_BYTES);
  } catch (err) {
    if (!(err instanceof TooLarge)) throw err;
    sendText(res, 413, `upload too large: the files host accepts at most ${mib(deps.maxUploadBytes)} per request`, {
      connection: 'close',
    });
    return;
  }
  if (body === undefined) return;
  const base = urlPath === '/' || urlPath === '' ? [] : urlPathSegments(urlPath);
  const parts = parseMultipart(body, boundary);
  if (parts.length === 0) throw new BadMultipart('the upload contains no file');
  const stored: string[] = [];
  for (const part of parts) {
    const segments = [...base, ...filePathSegments(part.name)];
    storeFile(deps.dir, segments, part.data);
    stored.push(segments.join('/'));
  }
  const text = JSON.stringify({ stored });
  res.writeHead(200, {
    server: 'tracktop',
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function download(deps: FilesDeps, req: IncomingMessage, res: ServerResponse, urlPath: string): void {
  const file = findFile(deps.dir, urlPathSegments(urlPath));
  if (file === undefined) {
    sendText(res, 404, `no file stored at ${urlPath.slice(0, 300)}`);
    return;
  }
  res.writeHead(200, {
    server: 'tracktop',
    'content-type': contentTypeFor(file.path),
    'content-length': file.size,
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file.path)
    .on('error', () => res.destroy())
    .pipe(res);
}

export async function handleFilesRequest(
  deps: FilesDeps,
  req: IncomingMessage,
  res: ServerResponse,
  urlPath: string,
): Promise<void> {
  try {
    await authenticate(deps.db, req.headers, deps.now());
    if (req.method === 'POST') await upload(deps, req, res, urlPath);
    else download(deps, req, res, urlPath);
  } catch (err) {
    if (err instanceof ServerError) sendText(res, err.code.httpStatus, err.message);
    else if (err instanceof BadFilePath) sendText(res, 400, `invalid file path: ${err.message}`);
    else if (err instanceof BadMultipart) sendText(res, 400, `invalid multipart upload: ${err.message}`);
    else throw err;
  }
}
