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
  declaredLength,
  formatBytes,
  sendJson,
  sendText,
  SERVER_HEADER,
} from '../http/http-io.js';
import { MAX_UPLOAD_PARTS, UPLOADS_IN_FLIGHT } from '../http/limits.js';
import { markAuthenticated } from '../http/connections.js';
import { Slots } from '../http/slots.js';
import { contentTypeFor } from './content-type.js';
import { BadFilePath, filePathSegments, urlPathSegments } from './file-paths.js';
import { commitUploads, deleteFile, discardUploads, findFile, openUpload, type PendingUpload } from './file-store.js';
import { BadMultipart, multipartBoundary, streamMultipart } from './multipart.js';

export interface FilesDeps {
  db: Db;
  now: () => number;
  /** Where objects are stored (beside the database). */
  dir: string;
  /** Largest upload body accepted, bytes. */
  maxUploadBytes: number;
}

const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const uploadSlots = new Slots(UPLOADS_IN_FLIGHT);

/** Where files live: `/files/<path>`, apart from every API endpoint. */
const FILES_PREFIX = '/files';

/** How the API sees a URL path: an endpoint it answers, one of the endpoint grammar it lacks, or neither. */
export type ApiPathKind = 'endpoint' | 'unknown-endpoint' | 'not-api';

/**
 * The files-host path a request names (`/` for the root), or undefined when it is for the API.
 * Files live under FILES_PREFIX. Before that they lived at the root, and URLs stored then
 * (debug images in events) still work there, but an API endpoint's path is always the API's.
 * A path of the endpoint grammar naming no endpoint (`/v2.23/tasks.nope`, sent by the SDK as a
 * GET with a JSON body) gets the API's 404 envelope, unless a file is stored there (a root
 * file such as `/a.json`, uploaded before FILES_PREFIX) and the request reads it.
 */
export function filesRequestPath(
  method: string | undefined,
  contentType: string,
  api: ApiPathKind,
  urlPath: string,
  filesDir: string,
): string | undefined {
  if (urlPath === FILES_PREFIX || urlPath.startsWith(`${FILES_PREFIX}/`))
    return urlPath.slice(FILES_PREFIX.length) || '/';
  const namesFile = method === 'GET' || method === 'HEAD' || method === 'DELETE';
  if (api === 'endpoint') return undefined;
  if (api === 'unknown-endpoint') return namesFile && storedFile(filesDir, urlPath) ? urlPath : undefined;
  if (method === 'POST') return multipartBoundary(contentType) !== undefined ? urlPath : undefined;
  if (namesFile) return urlPath !== '/' && urlPath !== '' ? urlPath : undefined;
  return undefined;
}

function storedFile(dir: string, urlPath: string): boolean {
  try {
    return findFile(dir, urlPathSegments(urlPath)) !== undefined;
  } catch (err) {
    if (err instanceof BadFilePath) return false;
    throw err;
  }
}

/** The request body, counted: BodyTooLarge past `limit` bytes, BodyAborted when the client goes. */
async function* countedBody(req: IncomingMessage, limit: number): AsyncGenerator<Buffer> {
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > limit) throw new BodyTooLarge();
      yield chunk as Buffer;
    }
  } catch (err) {
    if (err instanceof BodyTooLarge) throw err;
    throw new BodyAborted();
  }
  if (!req.complete) throw new BodyAborted();
}

/**
 * Streams a multipart upload to temp files beside their targets, then renames them all into
 * place: nothing is stored unless every part arrived. Memory holds a chunk or two per upload,
 * and at most UPLOADS_IN_FLIGHT uploads are read at once (the others wait, unread).
 */
async function upload(deps: FilesDeps, req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<void> {
  const boundary = multipartBoundary(req.headers['content-type'] ?? '') as string;
  const limit = deps.maxUploadBytes + MULTIPART_OVERHEAD_BYTES;
  const tooLarge = () =>
    sendText(
      res,
      413,
      `upload too large: the files host accepts at most ${formatBytes(deps.maxUploadBytes)} per request`,
      {
        connection: 'close',
      },
    );
  const declared = declaredLength(req);
  if (declared !== undefined && declared > limit) {
    tooLarge();
    return;
  }
  const base = urlPath === '/' || urlPath === '' ? [] : urlPathSegments(urlPath);
  const pending: PendingUpload[] = [];
  const stored: string[] = [];
  const release = await uploadSlots.take();
  try {
    await streamMultipart(countedBody(req, limit), boundary, {
      maxParts: MAX_UPLOAD_PARTS,
      open: async (head) => {
        const segments = [...base, ...filePathSegments(head.name)];
        const file = await openUpload(deps.dir, segments);
        pending.push(file);
        stored.push(segments.join('/'));
        return {
          write: async (data) => void (await file.handle.write(data)),
          end: () => file.handle.close(),
        };
      },
    });
    if (pending.length === 0) throw new BadMultipart('the upload contains no file');
    await commitUploads(pending);
    pending.length = 0;
  } catch (err) {
    if (err instanceof BodyAborted) return;
    if (err instanceof BodyTooLarge) {
      tooLarge();
      return;
    }
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      sendText(
        res,
        507,
        `disk full: the files host could not store ${stored.at(-1) ?? 'the upload'}; nothing of this upload was kept`,
        { connection: 'close' },
      );
      return;
    }
    throw err;
  } finally {
    await discardUploads(pending);
    release();
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

/** The SDK's Task.delete() removes a task's artifacts and debug images this way (200 or 404). */
async function remove(deps: FilesDeps, res: ServerResponse, urlPath: string): Promise<void> {
  if (await deleteFile(deps.dir, urlPathSegments(urlPath))) sendJson(res, 200, JSON.stringify({ deleted: urlPath }));
  else sendText(res, 404, `no file stored at ${urlPath.slice(0, 300)}`);
}

export async function handleFilesRequest(
  deps: FilesDeps,
  req: IncomingMessage,
  res: ServerResponse,
  urlPath: string,
): Promise<void> {
  try {
    if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'DELETE') {
      sendText(res, 405, 'the files host answers GET, HEAD, DELETE and multipart POST', {
        allow: 'GET, HEAD, DELETE, POST',
      });
      return;
    }
    authenticate(deps.db, req.headers, deps.now(), req.socket.remoteAddress ?? '');
    markAuthenticated(req);
    if (req.method === 'DELETE') await remove(deps, res, urlPath);
    else if (req.method !== 'POST') download(deps, req, res, urlPath);
    else if (multipartBoundary(req.headers['content-type'] ?? '') === undefined)
      sendText(res, 400, 'uploads to the files host are multipart/form-data POSTs');
    else await upload(deps, req, res, urlPath);
  } catch (err) {
    if (err instanceof ServerError) sendText(res, err.code.httpStatus, err.message);
    else if (err instanceof BadFilePath) sendText(res, 400, `invalid file path: ${err.message}`);
    else if (err instanceof BadMultipart) sendText(res, 400, `invalid multipart upload: ${err.message}`);
    else throw err;
  }
}
