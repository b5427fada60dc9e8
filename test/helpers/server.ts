// Runs the embedded server in-process on 127.0.0.1:0 with a fresh SQLite file in a temp dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type StartServerOptions } from '../../src/server/index.js';
import { hooked } from './hooked.js';

export interface TestServer {
  url: string;
  accessKey: string;
  secretKey: string;
  server: RunningServer;
  /** Lines the server logged (unexpected errors with their stacks). */
  logs: string[];
  /** Stops the server and removes its temp directory. */
  close(): Promise<void>;
}

export type TestServerOptions = Partial<Omit<StartServerOptions, 'dbPath'>> & { dbPath?: string };

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dir = opts.dbPath ? undefined : mkdtempSync(join(tmpdir(), 'tracktop-test-'));
  const logs: string[] = [];
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    accessKey: 'TESTACCESSKEY1234567890',
    secretKey: 'test-secret-key-0123456789abcdefghijklmnopqrstuvwxyzABCD',
    // Unexpected server errors are kept for the test to inspect instead of cluttering output.
    log: (line) => logs.push(line),
    ...opts,
    dbPath: opts.dbPath ?? join(dir as string, 'server.db'),
  });
  return {
    url: server.url,
    accessKey: server.credentials.accessKey,
    secretKey: server.credentials.secretKey,
    server,
    logs,
    async close() {
      await server.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts a server for the test file (beforeAll) and closes it after (afterAll). */
export function withTestServer(opts: TestServerOptions = {}): TestServer {
  return hooked('the test server', () => startTestServer(opts));
}
