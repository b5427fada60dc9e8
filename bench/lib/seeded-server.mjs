// The embedded server holding the seeded demo data (no live runs), in a child process so its
// work (histograms for a newly selected task) never delays the measuring process's loops.
// Imports the compiled server from dist/ of this tree (npm run build first).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const self = fileURLToPath(import.meta.url);

/**
 * Starts the server and seeds it; resolves `{ url, credentials, stop() }`. The credentials log
 * in as the seeding user, so a benchmark can write events the monitor will show.
 */
export async function startSeededServer({ bigLogLines = 5000 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-bench-server-'));
  const child = fork(self, ['--serve-seeded', dir, String(bigLogLines)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const info = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`seeded server exited with code ${code}`)));
  });
  return {
    ...info,
    async stop() {
      child.disconnect();
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[2] === '--serve-seeded') {
  const [dir, bigLogLines] = process.argv.slice(3);
  const { startServer } = await import(join(root, 'dist/server/index.js'));
  const { seedDemo } = await import(join(root, 'dist/demo/index.js'));
  const { createClient } = await import(join(root, 'dist/api/index.js'));
  const server = await startServer({ dbPath: join(dir, 'bench.db'), port: 0, log: () => {} });
  const seedClient = createClient({ apiHost: server.url, ...server.credentials });
  await seedDemo(seedClient, { baseUrl: server.url, bigLogLines: Number(bigLogLines) });
  await seedClient.close();
  process.send({ url: server.url, credentials: server.credentials });
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
}
