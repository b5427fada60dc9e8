// The metric columns `M` saves belong to the server they were chosen on: the state file keeps
// a part per API host, and `tracktop --once` (the built binary) shows only its own server's.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { openStateFile, serverState } from '../../src/config/state-file.js';
import { BIN, ROOT } from '../helpers/demo-process.js';
import { withTestServer } from '../helpers/server.js';
import { addScalars, createTask } from '../helpers/store-fixture.js';

const server = withTestServer();
const home = mkdtempSync(join(tmpdir(), 'tracktop-state-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
/** A metric column as `M` saves it (the server keys last_metrics by the names' MD5). */
const column = (metric: string, variant: string) => ({
  metric,
  variant,
  metricHash: md5(metric),
  variantHash: md5(variant),
});

beforeAll(async () => {
  const writer = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
  const task = await createTask(writer, 'resnet50-baseline');
  await addScalars(writer, task, 'accuracy', 'val', [0.5, 0.91]);
  await writer.close();
});

/** One `--once` frame with `state` as the user's state file. */
async function frameWith(state: unknown): Promise<string> {
  mkdirSync(join(home, '.config', 'tracktop'), { recursive: true });
  writeFileSync(join(home, '.config', 'tracktop', 'state.json'), JSON.stringify(state));
  const keys = ['--access-key', server.accessKey, '--secret-key', server.secretKey];
  const { stdout } = await promisify(execFile)(process.execPath, [BIN, '--once', '--api-host', server.url, ...keys], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: home },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return stdout;
}

describe('saved metric columns', () => {
  it("show on their own server and not on another's", async () => {
    const own = await frameWith({ servers: { [server.url]: { metricColumns: [column('accuracy', 'val')] } } });
    expect(own).toMatch(/acc\S*val/);
    expect(own).toContain('0.91');

    const other = await frameWith({
      // What an earlier tracktop saved for every server, and what another server has now.
      metricColumns: [column('loss', 'train'), column('reward', 'mean')],
      servers: { 'http://other.example:8008': { metricColumns: [column('accuracy', 'val')] } },
    });
    expect(other).not.toMatch(/acc\S*val|loss|reward/);
    expect(other).toContain('resnet50-baseline');
  });

  it("keep other servers' parts when one server's are saved", () => {
    const path = join(home, 'kept.json');
    writeFileSync(path, JSON.stringify({ servers: { 'http://a:8008': { metricColumns: [column('x', 'y')] } } }));
    serverState(openStateFile(path), 'http://b:8008').save({ metricColumns: [column('loss', 'train')] });
    expect(serverState(openStateFile(path), 'http://a:8008').load()).toEqual({ metricColumns: [column('x', 'y')] });
    expect(serverState(openStateFile(path), 'http://b:8008').load()).toEqual({
      metricColumns: [column('loss', 'train')],
    });
    expect(serverState(openStateFile(path), 'http://c:8008').load()).toEqual({});
  });
});
