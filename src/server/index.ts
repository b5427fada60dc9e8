// The embedded ClearML-compatible server: startServer() opens (or creates) the database,
// settles the key pair and listens; close() stops it cleanly.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './http/app.js';
import type { HandlerTable } from './handlers/handler-types.js';
import { resolveCredentials, type KeyPair } from './auth/credentials.js';
import { registerStartPair } from './auth/key-table.js';
import { openDatabase, type Db } from './db/db.js';
import { lockDatabase } from './db/db-lock.js';
import { unwritableDatabase } from './db/storage-faults.js';
import { setFilterBudget } from './query/regex.js';
import { HEADERS_TIMEOUT_MS, MAX_UPLOAD_BYTES, WRITE_TIMEOUT_MS } from './http/limits.js';
import { limitConnections, type ConnectionLimits } from './http/connections.js';
import { HANDLERS } from './handlers/routes.js';
import { companyId, jwtSecret, setServerUrl } from './db/server-meta.js';
import { tidyFilesDir } from './files/file-store.js';

export { clearmlConfSnippet, credentialsFilePath } from './auth/credentials.js';
// The demo gives its people key pairs as `serve keys create` does (src/demo/demo-users.ts).
export { createKey, listKeys } from './auth/key-table.js';
export type { Db } from './db/db.js';
export { ADD_BATCH_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES, MAX_UPLOAD_BYTES } from './http/limits.js';

export interface StartServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 = any free port. Default 0. */
  port?: number;
  /** SQLite file (created when missing). */
  dbPath: string;
  /** Both or neither; without them a generated pair is kept in `<dbPath>.credentials.json`. */
  accessKey?: string;
  secretKey?: string;
  /** Epoch ms; injectable for tests. */
  now?: () => number;
  /** Server log lines (unexpected errors, with stacks). Never receives secrets. */
  log?: (line: string) => void;
  /** Time budget of in-memory query filtering (regex matching), ms. Default FILTER_TIME_BUDGET_MS. */
  filterBudgetMs?: number;
  /** Where the files host stores uploads. Default: `<dbPath>.files` beside the database. */
  filesDir?: string;
  /** Largest upload to the files host, bytes. Default MAX_UPLOAD_BYTES. */
  maxUploadBytes?: number;
  /** Connection caps and timeouts (tests set small ones); defaults in http/limits.ts. */
  connectionLimits?: ConnectionLimits;
  /** Replaces the route table (tests only). */
  handlers?: HandlerTable;
}

export interface RunningServer {
  /** `http://host:port` */
  url: string;
  host: string;
  port: number;
  db: Db;
  /** The files host's directory (debug images, artifacts). */
  filesDir: string;
  credentials: KeyPair;
  /** Where a generated pair is stored (absent when the keys were given). */
  credentialsFile?: string;
  /** True when this start generated the pair: print it once. */
  credentialsCreated: boolean;
  /** Open client connections (tests and the attack bench watch it). */
  connectionCount(): Promise<number>;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

export async function startServer(opts: StartServerOptions): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // The lock comes first: a second server on the file changes nothing, not even the key file.
  let unlock: () => void;
  try {
    unlock = lockDatabase(opts.dbPath);
  } catch (err) {
    throw unwritableDatabase(opts.dbPath, err) ?? err;
  }
  let db: Db;
  let creds: ReturnType<typeof resolveCredentials>;
  try {
    creds = resolveCredentials(opts.dbPath, { accessKey: opts.accessKey, secretKey: opts.secretKey });
    db = openDatabase(opts.dbPath);
  } catch (err) {
    unlock();
    throw unwritableDatabase(opts.dbPath, err) ?? err;
  }
  const filesDir = opts.filesDir ?? `${opts.dbPath}.files`;
  try {
    const removed = tidyFilesDir(filesDir);
    if (removed > 0) log(`removed ${removed} unfinished upload(s) left in ${filesDir} by an earlier run`);
  } catch (err) {
    log(`could not tidy the files folder ${filesDir}: ${(err as Error).message}`);
  }
  try {
    jwtSecret(db);
    companyId(db);
    registerStartPair(db, creds, now());
    if (opts.filterBudgetMs !== undefined) setFilterBudget(db, opts.filterBudgetMs);
  } catch (err) {
    db.close();
    unlock();
    throw unwritableDatabase(opts.dbPath, err) ?? err;
  }
  // Idle connections stay open longer than any poll interval, so a monitor polling every few
  // seconds reuses one connection instead of reconnecting each time (clients cap it themselves).
  const server = createServer(
    { keepAliveTimeout: 65_000, headersTimeout: HEADERS_TIMEOUT_MS },
    createApp({
      db,
      handlers: opts.handlers ?? HANDLERS,
      now,
      log,
      files: { db, now, dir: filesDir, maxUploadBytes: opts.maxUploadBytes ?? MAX_UPLOAD_BYTES },
      writeTimeoutMs: opts.connectionLimits?.writeTimeoutMs ?? WRITE_TIMEOUT_MS,
    }),
  );
  limitConnections(server, opts.connectionLimits);
  try {
    await listen(server, opts.port ?? 0, host);
  } catch (err) {
    db.close();
    unlock();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  try {
    setServerUrl(db, `http://${urlHost}:${port}`);
  } catch (err) {
    // Only `serve keys create` reads it; a database gone read-only still serves.
    log(`could not record the server's address in the database: ${(err as Error).message}`);
  }
  let closing: Promise<void> | undefined;
  const running: RunningServer = {
    url: `http://${urlHost}:${port}`,
    host,
    port,
    db,
    filesDir,
    credentials: { accessKey: creds.accessKey, secretKey: creds.secretKey },
    credentialsCreated: creds.created,
    connectionCount: () =>
      new Promise((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n)))),
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          // Keeps the query planner's statistics current for the next start; a full disk or
          // a file gone read-only only costs that, never a clean stop.
          for (const step of [() => db.pragma('optimize'), () => db.close(), unlock]) {
            try {
              step();
            } catch (err) {
              log(`while stopping: ${(err as Error).message}`);
            }
          }
          resolve();
        });
        server.closeIdleConnections();
        // Requests in flight get a moment to finish, then their sockets are ended too.
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      });
      return closing;
    },
  };
  if (creds.file !== undefined) running.credentialsFile = creds.file;
  return running;
}
