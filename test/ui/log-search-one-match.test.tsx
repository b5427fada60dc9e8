// Log search in a log with one match, through the real App, store and embedded server: `n`
// past the only match keeps it and says there is no older one (it used to lose the match and
// find it again on the next `n`), `N` says "newer", and the title counts the matches.
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, settle } from '../helpers/render.js';
import { addLogLines, createTask, monitorFixture, type MonitorFixture } from '../helpers/store-fixture.js';
import { renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

let fx: MonitorFixture | undefined;
let m: MonitorRender | undefined;
afterEach(async () => {
  m?.unmount();
  await fx?.close();
});

async function screenWith(check: (screen: string) => boolean, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const screen = m!.lines().join('\n');
    if (check(screen)) return screen;
    if (Date.now() > deadline) throw new Error(`timed out; screen was:\n${screen}`);
    await settle(20);
  }
}

describe('log search with one match', () => {
  it('n and N stay on the only match, name the direction and count it', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'crashed-run');
    await addLogLines(fx.writer, task, 1, 80, (i) => (i === 60 ? 'Traceback (most recent call last):' : `step ${i}`));
    m = renderMonitor(fx.store, { columns: 120, rows: 30 });
    fx.store.getState().actions.start();
    await screenWith((s) => s.includes('crashed-run'));
    await m.press('6');
    await screenWith((s) => s.includes('step 80'));
    await m.press('/');
    for (const ch of 'Traceback') await m.press(ch);
    await m.press(KEYS.enter);
    await screenWith((s) => s.includes('/Traceback/ match 1/1'));
    for (let i = 0; i < 3; i++) {
      await m.press('n');
      await settle(100);
      const screen = await screenWith((s) => s.includes('no older one'));
      expect(screen).toContain('/Traceback/ match 1/1, no older one (reached the start)');
    }
    await m.press('N');
    const screen = await screenWith((s) => s.includes('no newer one'));
    expect(screen).toContain('/Traceback/ match 1/1, no newer one (reached the end)');
    expect(fx.state().logs.search?.matchId).not.toBeNull();
  });
});
