// Shared by the export tests: run the built binary against a server, and seed tasks with events
// through the real client.
import { execFile } from 'node:child_process';
import { BIN, ROOT } from '../helpers/demo-process.js';
import { createClient, type ApiClient } from '../../src/api/index.js';
import type { TestServer } from '../helpers/server.js';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The binary in a clean environment (no CLEARML_* from the machine), talking to `server`. */
export function runExport(
  args: string[],
  opts: {
    server: TestServer | { url: string; accessKey: string; secretKey: string };
    home: string;
    env?: Record<string, string>;
  },
): Promise<Run> {
  const { server, home } = opts;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, 'export', ...args],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home,
          CLEARML_API_HOST: server.url,
          CLEARML_API_ACCESS_KEY: server.accessKey,
          CLEARML_API_SECRET_KEY: server.secretKey,
          ...opts.env,
        },
        timeout: 60_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        const code =
          err && typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : err ? 1 : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export function clientFor(server: TestServer): ApiClient {
  return createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
}
