// The demo's debug images in a real terminal (tmux) against `tracktop demo`: the PNGs its runs
// stored on the files host draw in the plots pane in 24-bit colour (read back with
// `capture-pane -e`), and `tracktop export images` of a demo task writes every one of them.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, startDemo, type DemoSession } from '../helpers/demo-process.js';
import { styledCells } from '../helpers/sgr-cells.js';

const TASK = 'resnet50-baseline';

describe('demo debug images in tmux', () => {
  let demo: DemoSession;

  beforeAll(async () => {
    demo = await startDemo({ columns: 120, rows: 40, env: { COLORTERM: 'truecolor' } });
  }, 60_000);

  afterAll(async () => {
    await demo?.stop();
  });

  it(`draws ${TASK}'s sample images from the files host`, async () => {
    const t = demo.tmux;
    await t.waitFor(TASK, 30_000);
    t.sendKeys('/');
    t.type(TASK);
    t.sendKeys('Enter');
    await t.waitFor((s) => s.includes(TASK) && !s.includes('resnet50-mixup'), 20_000);
    t.sendKeys('7');
    // The pane lists the four plots, then the images (once both are loaded).
    await t.waitFor(/4 plots · [1-9]\d* images? · item 1\//, 20_000);
    t.sendKeys('j', 'j', 'j', 'j');
    await t.waitFor((s) => s.includes('▀'), 20_000);
    expect(t.screen()).not.toContain('cannot download');
    const drawn = styledCells(t.styledScreen())
      .flat()
      .filter((c) => c.ch === '▀');
    const colours = new Set(drawn.flatMap((c) => [c.fg, c.bg]));
    // A picture, not a placeholder: many 24-bit colours, the sky's blue among them.
    expect([...colours].every((c) => c !== null && /^\d+,\d+,\d+$/.test(c))).toBe(true);
    expect(colours.size).toBeGreaterThan(10);
    expect([...colours].some((c) => c?.endsWith(',230'))).toBe(true);
  }, 90_000);

  it(`export images of ${TASK} writes every image it reported`, async () => {
    const creds = JSON.parse(readFileSync(join(demo.tmux.dir, 'demo.db.credentials.json'), 'utf8')) as {
      access_key: string;
      secret_key: string;
    };
    const out = join(demo.tmux.dir, 'images');
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [BIN, 'export', 'images', TASK, '-o', out],
        {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: demo.tmux.dir,
            CLEARML_API_HOST: demo.url,
            CLEARML_API_ACCESS_KEY: creds.access_key,
            CLEARML_API_SECRET_KEY: creds.secret_key,
          },
          timeout: 60_000,
        },
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      );
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const { tasks } = await demo.client.tasks.getAllEx({ name: `^${TASK}$`, only_fields: ['id'] });
    const reported = await demo.client.events.getTaskEvents({
      task: tasks[0]?.id ?? '',
      event_type: 'training_debug_image',
      batch_size: 1000,
    });
    const events = reported.events;
    expect(events.length).toBeGreaterThan(8);
    const files = readdirSync(out);
    expect(files).toHaveLength(events.length);
    for (const file of files) expect(readFileSync(join(out, file)).subarray(1, 4).toString('latin1')).toBe('PNG');
  }, 90_000);
});
