import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from 'better-sqlite3';

export interface Identity {
  user: string;
  company: string;
  userName: string;
  role: string;
  /** The key pair the caller logged in with, and its tag's token form (auth tokens carry both). */
  accessKey?: string;
  keyTag?: string;
}

/** What a handler gets besides the request body. */
export interface RequestContext {
  db: Database;
  identity: Identity;
  headers: IncomingHttpHeaders;
  /** The caller's address (a worker's `ip` in workers.get_all). */
  remoteAddress?: string;
  /** `X-ClearML-Worker` (or `X-Trains-Worker`) header, else "<unknown>". */
  worker: string;
  endpoint: string;
  /** Epoch ms; injectable so tests can move time. */
  now(): number;
  /** Raw body text, for endpoints that parse it themselves (events.add_batch). */
  rawBody: string;
  contentType: string;
  /** The API version the request asked for ("2.31" when its path has none). */
  requestedVersion?: string;
  /** Adds a header to the envelope response (auth.login sets its cookie with it). */
  setResponseHeader?(name: string, value: string): void;
}

/** A handler returns the envelope's `data` (or a RawResponse) or throws a ServerError. */
export type Handler = (body: Record<string, unknown>, ctx: RequestContext) => unknown;

/** For answers that are not an envelope (events.download_task_log). */
export class RawResponse {
  constructor(
    readonly body: string | Iterable<string>,
    readonly headers: Record<string, string>,
  ) {}
}

export type HandlerTable = Record<string, Handler>;

/**
 * The envelope's `data` already serialised as UTF-8 JSON, in pieces (a get_task_log page,
 * built by SQLite): the envelope writer copies them into the response instead of encoding.
 */
export class JsonBytes {
  readonly parts: readonly Buffer[];
  constructor(...parts: (Buffer | string)[]) {
    this.parts = parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p));
  }
}

/**
 * The envelope's `data` as UTF-8 JSON produced piece by piece while it is sent (a large
 * get_task_log page): the next piece is made only once the socket has taken the previous ones,
 * so a slow reader holds a piece of its answer, not all of it. The pieces are made after the
 * handler's transaction, each from its own statement.
 */
export class JsonStream {
  constructor(readonly pieces: Iterable<Buffer | string>) {}
}
