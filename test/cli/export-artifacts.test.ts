// `tracktop export artifacts TASK -o DIR` through the built binary: the task's artifacts and
// models downloaded under their stored file names (clashes numbered), the API token sent only
// to the configured files server, and URIs that are not http(s) named instead of fetched.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFileName } from '../../src/cli/export/artifacts.js';
import { basicAuth, send } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { clientFor, runExport } from './export-helpers.js';

let server: TestServer;
let home: string;
let taskId: string;
let files: Server;
let filesUrl: string;
const tokens: (string | undefined)[] = [];

/** The SDK's calls the api client does not make: sent as the SDK sends them. */
async function sdkCall(endpoint: string, body: unknown): Promise<void> {
  const login = await send(server.url, '/auth.login', {}, { auth: basicAuth(server.accessKey, server.secretKey) });
  const reply = await send(server.url, `/${endpoint}`, body, { auth: `Bearer ${login.data.token as string}` });
  if (reply.status !== 200) throw new Error(`${endpoint}: ${reply.status} ${reply.msg}`);
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'tracktop-export-art-'));
  server = await startTestServer();
  files = createServer((req, res) => {
    tokens.push(req.headers.authorization);
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(`content of ${req.url}`);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  const client = clientFor(server);
  taskId = (await client.tasks.create({ name: 'stored things', type: 'training' })).id;
  await client.tasks.started({ task: taskId });
  await sdkCall('tasks.add_or_update_artifacts', {
    task: taskId,
    artifacts: [
      { key: 'losses', type: 'pandas', uri: `${filesUrl}/p/run/artifacts/losses/losses.csv.gz` },
      { key: 'again', type: 'pandas', uri: `${filesUrl}/p/run/artifacts/again/losses.csv.gz` },
    ],
  });
  const output = (await client.models.create({ name: 'lenet', uri: `${filesUrl}/p/run/models/lenet.pt` })).id;
  const local = (await client.models.create({ name: 'checkpoint', uri: 'file:///data/ck.pt' })).id;
  await sdkCall('tasks.add_or_update_model', { task: taskId, name: 'lenet', model: output, type: 'output' });
  await sdkCall('tasks.add_or_update_model', { task: taskId, name: 'checkpoint', model: local, type: 'output' });
  await client.close();
});

afterAll(async () => {
  await new Promise((resolve) => files.close(resolve));
  await server.close();
  rmSync(home, { recursive: true, force: true });
});

describe('storedFileName', () => {
  it('takes the last path part, made safe, numbering a clash before the extensions', () => {
    const used = new Set<string>();
    expect(storedFileName('http://h/a/losses.csv.gz', 'x', used)).toBe('losses.csv.gz');
    expect(storedFileName('http://h/b/losses.csv.gz', 'x', used)).toBe('losses-2.csv.gz');
    expect(storedFileName('http://h/c/we%20ird%2F..name.bin', 'x', used)).toBe('we_ird_..name.bin');
    expect(storedFileName('http://h/', 'artifact stats', used)).toBe('artifact_stats');
  });
});

describe('tracktop export artifacts', () => {
  it('downloads artifacts and models into DIR and names what it cannot fetch', async () => {
    const dir = join(home, 'out');
    const r = await runExport(['artifacts', taskId, '-o', dir], {
      server,
      home,
      env: { CLEARML_FILES_HOST: filesUrl },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['lenet.pt', 'losses-2.csv.gz', 'losses.csv.gz']);
    expect(readFileSync(join(dir, 'losses-2.csv.gz'), 'utf8')).toBe('content of /p/run/artifacts/again/losses.csv.gz');
    expect(readFileSync(join(dir, 'lenet.pt'), 'utf8')).toBe('content of /p/run/models/lenet.pt');
    expect(r.stderr).toContain('not downloaded: output model checkpoint is at file:///data/ck.pt');
    expect(tokens.length).toBe(3);
    for (const token of tokens) expect(token).toMatch(/^Bearer /);
  });

  it('needs -o DIR', async () => {
    const r = await runExport(['artifacts', taskId], { server, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('export artifacts needs -o DIR');
  });
});
