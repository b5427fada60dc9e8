// TRACKTOP_PHASES in the live monitor (the built binary in tmux): one line of phase marks,
// written once the first frame is out, the phases in their order.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { PHASES } from '../../src/cli/phases.js';
import { assertBuiltAndTmux, BIN } from '../helpers/demo-process.js';
import { withTestServer } from '../helpers/server.js';
import { createTask } from '../helpers/store-fixture.js';
import { waitFor } from '../helpers/timers.js';
import { startTmux } from '../helpers/tmux.js';

const server = withTestServer();
let home: string;

beforeAll(async () => {
  assertBuiltAndTmux();
  home = mkdtempSync(join(tmpdir(), 'tracktop-phases-e2e-'));
  const writer = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
  await createTask(writer, 'phases-live');
  await writer.close();
});

afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('TRACKTOP_PHASES in the monitor', () => {
  it('writes the phases once, in order, the first frame last', async () => {
    const file = join(home, 'phases.jsonl');
    const t = startTmux([process.execPath, BIN, '--no-color'], {
      columns: 100,
      rows: 30,
      env: {
        HOME: home,
        CLEARML_API_HOST: server.url,
        CLEARML_API_ACCESS_KEY: server.accessKey,
        CLEARML_API_SECRET_KEY: server.secretKey,
        TRACKTOP_PHASES: file,
      },
    });
    try {
      await t.waitFor('phases-live', 15_000);
      await waitFor(() => existsSync(file), 5000, 'the phases file');
      // Keys after the first frame write nothing more.
      t.sendKeys('j', 'k');
      t.sendKeys('q');
      await t.waitFor(/tracktop-exit=0/, 10_000);
      const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
      expect(lines).toHaveLength(1);
      const ms = JSON.parse(lines[0]!) as Record<string, number>;
      // The first frame waits only a moment for the task list: login and tasks may come after it.
      const written = Object.keys(ms);
      expect(written).toEqual(PHASES.filter((p) => written.includes(p)));
      for (const p of ['main', 'config', 'requests', 'modules', 'frame'] as const) expect(ms[p], p).toBeGreaterThan(0);
      expect(Math.max(...Object.values(ms))).toBe(ms.frame);
    } finally {
      t.kill();
    }
  });
});
