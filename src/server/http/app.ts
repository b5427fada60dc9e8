// The HTTP front of the embedded server: one route shape, `/{vX.Y/}service.action`, answered
// with the envelope of docs/wire-facts.md §1.3. Checks run in the order real servers use: path →
// endpoint → auth → body → validation (inside the handler) → handler.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_LINES_CONTENT_TYPE, MAX_API_VERSION } from '../../wire/envelope.js';
import { ERRORS, type ErrorCode } from '../../wire/errors.js';
import { authenticate } from '../auth/authenticate.js';
import {
  JsonStream,
  RawResponse,
  type HandlerTable,
  type Identity,
  type RequestContext,
} from '../handlers/handler-types.js';
import type { Db } from '../db/db.js';
import { envelopeHead, envelopeJson, errorEnvelope, successEnvelope, type CallInfo } from './envelope.js';
import { ServerError } from './errors.js';
import { filesRequestPath, handleFilesRequest, type ApiPathKind, type FilesDeps } from '../files/files-http.js';
import { resultsPageTask, sendResultsPage } from '../handlers/results-page.js';
import {
  BodyAborted,
  BodyTooLarge,
  declaredLength,
  formatBytes,
  readBody,
  sendJson,
  sendText,
  SERVER_HEADER,
} from './http-io.js';
import { newId } from '../db/ids.js';
import { storageFault } from '../db/storage-faults.js';
import { prepareJsonText } from './json-text.js';
import { bodyLimitFor, MAX_JSON_DEPTH, WRITE_TIMEOUT_MS } from './limits.js';
import { markAuthenticated } from './connections.js';
import { parseQueryParams } from './url-params.js';
import { actualVersion, parseRequestPath, versionForMeta } from './request-path.js';
import { utf8Text } from './utf8-text.js';

interface AppDeps {
  db: Db;
  handlers: HandlerTable;
  now: () => number;
  log: (line: string) => void;
  /** The files host (SDK uploads of debug images and artifacts) on the same port. */
  files?: FilesDeps;
  /** An answer whose socket takes no byte for this long is abandoned (default WRITE_TIMEOUT_MS). */
  writeTimeoutMs?: number;
}

/**
 * Answers larger than this leave in slices of ANSWER_SLICE_BYTES, the next written once the
 * socket has taken the one before; a socket that then takes nothing for the write timeout is
 * closed, and after such an answer an idle socket is closed after the write timeout too (what
 * it has not read may still sit in the kernel's buffers).
 */
const SLICE_ABOVE_BYTES = 1024 * 1024;
const ANSWER_SLICE_BYTES = 256 * 1024;

function headerText(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v === undefined || v === '' ? undefined : v;
}

/**
 * After a 413 the rest of the body is read and thrown away, so the client can finish sending
 * and read the answer (closing at once resets the connection under a client still writing).
 * Past this many bytes, or this long, the connection is closed instead.
 */
const DISCARD_MAX_BYTES = 256 * 1024 * 1024;
const DISCARD_MAX_MS = 30_000;

function discardRestOfBody(req: IncomingMessage): void {
  let discarded = 0;
  const timer = setTimeout(() => req.socket.destroy(), DISCARD_MAX_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_MAX_BYTES) req.socket.destroy();
  });
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

function parseBody(text: string, contentType: string, endpoint: string): Record<string, unknown> {
  // JSON lines (events.add_batch) are parsed by the handler from ctx.rawBody.
  if (contentType === JSON_LINES_CONTENT_TYPE) return {};
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    // Several events one per line, sent as plain JSON: say which Content-Type reads them.
    const hint =
      endpoint === 'events.add_batch'
        ? ` (several events, one JSON object per line, need Content-Type: ${JSON_LINES_CONTENT_TYPE}; this body came as ${contentType || 'no Content-Type'})`
        : '';
    throw new ServerError(
      ERRORS.badRequest,
      `failed parsing the request body as JSON: ${(err as Error).message}${hint}`,
    );
  }
  if (parsed === null) return {};
  if (typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  // A JSON array is a batch for add_batch, which reads ctx.rawBody itself.
  if (endpoint === 'events.add_batch') return {};
  throw new ServerError(ERRORS.badRequest, 'the request body must be a JSON object');
}

export function createApp(deps: AppDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handleRequest(deps, req, res).catch((err: unknown) => {
      deps.log(`internal error while answering ${req.url ?? ''}: ${(err as Error)?.stack ?? String(err)}`);
      if (!res.headersSent) sendText(res, 500, 'internal server error');
      else res.destroy();
    });
  };
}

async function handleRequest(deps: AppDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const call: CallInfo = {
    id: newId(),
    trx: '',
    endpoint: '',
    requestedVersion: MAX_API_VERSION,
    actualVersion: null,
  };
  call.trx = headerText(req.headers['x-clearml-trx']) ?? headerText(req.headers['x-trains-trx']) ?? call.id;
  const fail = (code: ErrorCode, message: string, headers?: Record<string, string>) =>
    sendJson(res, code.httpStatus, envelopeJson(errorEnvelope(call, code, message)), headers);

  // The ClearML SDK forks its reporter on Linux; a kept-alive connection in its pool would be
  // shared by both processes, whose requests then interleave on one socket. Closing after each
  // answer gives each process its own connection.
  if (headerText(req.headers['x-clearml-client']) ?? headerText(req.headers['x-trains-client']))
    res.setHeader('connection', 'close');

  if (req.method === 'OPTIONS') {
    res.writeHead(200, { server: SERVER_HEADER, 'content-length': 0 });
    res.end();
    return;
  }
  const encoding = headerText(req.headers['content-encoding']);
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
    sendText(
      res,
      415,
      `Unsupported Media Type: request bodies must not be compressed (got Content-Encoding: ${encoding})`,
    );
    return;
  }

  const rawUrl = req.url ?? '/';
  const q = rawUrl.indexOf('?');
  const pathText = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const search = q < 0 ? '' : rawUrl.slice(q + 1);
  const resultsTask = resultsPageTask(req.method, pathText);
  if (resultsTask !== undefined) {
    sendResultsPage(deps.db, res, resultsTask, `http://${headerText(req.headers.host) ?? 'localhost'}`);
    return;
  }
  const parsed = parseRequestPath(pathText);
  const apiKind: ApiPathKind =
    parsed === undefined ? 'not-api' : Object.hasOwn(deps.handlers, parsed.endpoint) ? 'endpoint' : 'unknown-endpoint';
  const filesPath =
    deps.files &&
    filesRequestPath(req.method, headerText(req.headers['content-type']) ?? '', apiKind, pathText, deps.files.dir);
  if (deps.files && filesPath !== undefined) {
    await handleFilesRequest(deps.files, req, res, filesPath);
    return;
  }
  if (!parsed) {
    fail(ERRORS.badRequest, `Invalid request path ${pathText.slice(0, 200)}`);
    return;
  }
  call.endpoint = parsed.endpoint;
  call.requestedVersion = versionForMeta(parsed.version);
  const handler = Object.hasOwn(deps.handlers, parsed.endpoint) ? deps.handlers[parsed.endpoint] : undefined;
  const actual = handler ? actualVersion(parsed.endpoint, parsed.version) : undefined;
  if (!handler || actual === undefined) {
    fail(ERRORS.endpointNotFound, `Unable to find endpoint for name ${parsed.endpoint} and version ${parsed.version}`);
    return;
  }
  call.actualVersion = actual;

  try {
    const identity: Identity = authenticate(deps.db, req.headers, deps.now(), req.socket.remoteAddress ?? '');
    markAuthenticated(req);
    const limit = bodyLimitFor(parsed.endpoint);
    let raw: Buffer;
    try {
      raw = await readBody(req, limit);
    } catch (err) {
      if (err instanceof BodyAborted) return;
      if (err instanceof BodyTooLarge) {
        const declared = declaredLength(req);
        const discard = declared === undefined || declared <= DISCARD_MAX_BYTES;
        if (discard) discardRestOfBody(req);
        fail(
          ERRORS.payloadTooLarge,
          `request body too large (the limit for ${parsed.endpoint} is ${formatBytes(limit)}; split the data into smaller requests)`,
          discard ? {} : { connection: 'close' },
        );
        return;
      }
      throw err;
    }
    const rawBody = prepareJsonText(utf8Text(raw), MAX_JSON_DEPTH);
    const contentType = headerText(req.headers['content-type']) ?? '';
    const body = { ...parseQueryParams(search), ...parseBody(rawBody, contentType, parsed.endpoint) };
    const responseHeaders: Record<string, string> = {};
    const ctx: RequestContext = {
      db: deps.db,
      identity,
      headers: req.headers,
      remoteAddress: req.socket.remoteAddress ?? '',
      worker: headerText(req.headers['x-clearml-worker']) ?? headerText(req.headers['x-trains-worker']) ?? '<unknown>',
      endpoint: parsed.endpoint,
      now: deps.now,
      rawBody,
      contentType,
      requestedVersion: parsed.version,
      setResponseHeader: (name, value) => {
        responseHeaders[name.toLowerCase()] = value;
      },
    };
    // Every handler runs in one transaction: a rejected request leaves nothing behind. It starts
    // IMMEDIATE, holding the write lock from the start: a deferred one that read and then wrote
    // could not wait for another writer (SQLite answers "database is locked" at once then).
    const result = deps.db.transaction(() => handler(body, ctx)).immediate();
    const stallMs = deps.writeTimeoutMs ?? WRITE_TIMEOUT_MS;
    if (result instanceof RawResponse) await answer(res, result.headers, result.body, stallMs);
    else if (result instanceof JsonStream) {
      const head = envelopeHead(successEnvelope(call, null));
      await answer(res, { ...responseHeaders, ...JSON_TYPE }, withEnvelope(head, result.pieces), stallMs);
    } else
      await answer(res, { ...responseHeaders, ...JSON_TYPE }, envelopeJson(successEnvelope(call, result)), stallMs);
  } catch (err) {
    if (err instanceof ServerError) {
      fail(err.code, err.message);
      return;
    }
    const fault = storageFault(err);
    if (fault) {
      deps.log(`${parsed.endpoint} (call ${call.id}): ${(err as Error).message}`);
      fail(fault.code, fault.message);
      return;
    }
    deps.log(`unexpected error in ${parsed.endpoint} (call ${call.id}): ${(err as Error)?.stack ?? String(err)}`);
    fail(ERRORS.generalError, 'General data error (an unexpected server error; details are in the server log)');
  }
}

function* withEnvelope(head: string, data: Iterable<Buffer | string>): Generator<Buffer | string> {
  yield head;
  yield* data;
  yield '}';
}

function* slices(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += ANSWER_SLICE_BYTES) yield bytes.subarray(at, at + ANSWER_SLICE_BYTES);
}

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * Sends a 200 answer. Up to SLICE_ABOVE_BYTES at once; a larger or streamed one piece by
 * piece, taking the next piece only once the socket has taken the previous ones (a streamed
 * answer is produced as it goes), and closing a socket that takes nothing for stallMs. Such an
 * answer ends its connection: what a client has not read stays in the kernel's buffers (which
 * still deliver it), not in a socket the server keeps open.
 */
async function answer(
  res: ServerResponse,
  headers: Record<string, string>,
  body: string | Buffer | Iterable<Buffer | string>,
  stallMs: number,
): Promise<void> {
  const whole = typeof body === 'string' ? Buffer.from(body) : body;
  const length = whole instanceof Buffer ? { 'content-length': String(whole.length) } : {};
  if (whole instanceof Buffer && whole.length <= SLICE_ABOVE_BYTES) {
    res.writeHead(200, { ...headers, ...length, server: SERVER_HEADER });
    res.end(whole);
    return;
  }
  res.writeHead(200, { ...headers, ...length, server: SERVER_HEADER, connection: 'close' });
  for (const piece of whole instanceof Buffer ? slices(whole) : whole) {
    if (res.destroyed) return;
    if (!res.write(piece) && !(await drained(res, stallMs))) {
      res.destroy();
      return;
    }
  }
  res.end();
}

/** True once the response's buffered bytes are taken; false when it closes or stalls for stallMs. */
function drained(res: ServerResponse, stallMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    const timer = setTimeout(() => done(false), stallMs);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}
