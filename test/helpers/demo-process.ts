// Starts `tracktop demo` (the built binary) inside tmux with its database in a temp dir, so the
// test can also read the server's state through the API with the demo's generated key pair.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { startTmux, tmuxAvailable, type TmuxSession } from './tmux.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin', 'tracktop.js');

/**
 * The built monitor in tmux on `server` (its URL and key pair in the environment, HOME at
 * `home`, and `env`), without colour and polling every second.
 */
export function startMonitorOn(
  server: { url: string; accessKey: string; secretKey: string },
  home: string,
  columns: number,
  rows: number,
  env: Record<string, string> = {},
): TmuxSession {
  return startTmux([process.execPath, BIN, '--no-color', '--interval', '1'], {
    columns,
    rows,
    env: {
      HOME: home,
      CLEARML_API_HOST: server.url,
      CLEARML_API_ACCESS_KEY: server.accessKey,
      CLEARML_API_SECRET_KEY: server.secretKey,
      ...env,
    },
  });
}

/** $EDITOR for the rerun key (`e`): sed sets one hyperparameter's value in the file and exits 0. */
export function sedEditor(key: string, value: string): Record<string, string> {
  return { VISUAL: '', EDITOR: `sed -i 's|^${key} = .*|${key} = ${value}|'` };
}

export function assertBuiltAndTmux(): void {
  if (!tmuxAvailable())
    throw new Error('tmux is needed for end-to-end tests (apt-get install -y tmux; .ci/run installs it)');
  if (!existsSync(join(ROOT, 'dist', 'cli.js')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface DemoSession {
  tmux: TmuxSession;
  url: string;
  /** A client on the demo's server, to check its state. */
  client: ApiClient;
  stop(): Promise<void>;
}

export async function startDemo(opts: {
  columns: number;
  rows: number;
  extraArgs?: string[];
  /** More environment for the monitor (e.g. XDG_CONFIG_HOME for its state file). */
  env?: Record<string, string>;
}): Promise<DemoSession> {
  assertBuiltAndTmux();
  const port = await freePort();
  const tmux = startTmux([], { columns: opts.columns, rows: opts.rows, cwd: ROOT, env: opts.env });
  const db = join(tmux.dir, 'demo.db');
  tmux.type(
    `${BIN} demo --port ${port} --db ${db} --interval 1 ${(opts.extraArgs ?? []).join(' ')}; echo "tracktop-exit=$?"`,
  );
  tmux.sendKeys('Enter');
  const url = `http://127.0.0.1:${port}`;
  const credsFile = `${db}.credentials.json`;
  const deadline = Date.now() + 30_000;
  while (!existsSync(credsFile)) {
    if (Date.now() > deadline) throw new Error(`the demo did not start; screen:\n${tmux.screen()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const creds = JSON.parse(readFileSync(credsFile, 'utf8')) as { access_key: string; secret_key: string };
  const client = createClient({ apiHost: url, accessKey: creds.access_key, secretKey: creds.secret_key });
  return {
    tmux,
    url,
    client,
    async stop() {
      await client.close();
      tmux.kill();
    },
  };
}
