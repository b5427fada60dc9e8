// The files host of the embedded server (the SDK's `files_server`): multipart POSTs store
// objects under the form field's name, GETs serve them back. Both need the API token, which
// the SDK sends to its files host.
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate } from '../auth/authenticate.js';
import type { Db } from '../db/db.js';
import { ServerError } from '../http/errors.js';
import {
  BodyAborted,
  BodyTooLarge,
  formatBytes,
  readBody,
  sendJson,
  sendText,
  SERVER_HEADER,
} from '../http/http-io.js';
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

async function upload(deps: FilesDeps, req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<void> {
  const boundary = multipartBoundary(req.headers['content-type'] ?? '') as string;
  let body: Buffer;
  try {
    body = await readBody(req, deps.maxUploadBytes + MULTIPART_OVERHEAD_BYTES);
  } catch (err) {
    if (err instanceof BodyAborted) return;
    if (!(err instanceof BodyTooLarge)) throw err;
    sendText(
      res,
      413,
      `upload too large: the files host accepts at most ${formatBytes(deps.maxUploadBytes)} per request`,
      {
        connection: 'close',
      },
    );
    return;
  }
  const base = urlPath === '/' || urlPath === '' ? [] : urlPathSegments(urlPath);
  const parts = parseMultipart(body, boundary);
  if (parts.length === 0) throw new BadMultipart('the upload contains no file');
  const stored: string[] = [];
  for (const part of parts) {
    const segments = [...base, ...filePathSegments(part.name)];
    storeFile(deps.dir, segments, part.data);
    stored.push(segments.join('/'));
  }
  sendJson(res, 200, JSON.stringify({ stored }));
}

function download(deps: FilesDeps, req: IncomingMessage, res: ServerResponse, urlPath: string): void {
  const file = findFile(deps.dir, urlPathSegments(urlPath));
  if (file === undefined) {
    sendText(res, 404, `no file stored at ${urlPath.slice(0, 300)}`);
    return;
  }
  res.writeHead(200, {
    server: SERVER_HEADER,
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
    authenticate(deps.db, req.headers, deps.now(), req.socket.remoteAddress ?? '');
    if (req.method === 'POST') await upload(deps, req, res, urlPath);
    else download(deps, req, res, urlPath);
  } catch (err) {
    if (err instanceof ServerError) sendText(res, err.code.httpStatus, err.message);
    else if (err instanceof BadFilePath) sendText(res, 400, `invalid file path: ${err.message}`);
    else if (err instanceof BadMultipart) sendText(res, 400, `invalid multipart upload: ${err.message}`);
    else throw err;
  }
}
