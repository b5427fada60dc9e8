// Follow mode and the new-lines count of a live log, polled against the embedded server while
// the task keeps logging: follow changes only on the user's keys, and the count of lines that
// arrived below a scrolled-back view grows with every poll. Keys go through the key router
// (model-driver.ts); the store is read through model-observe.ts only.
import { afterEach, describe, expect, it } from 'vitest';
import { openDriver, type Driver } from '../../helpers/model-driver.js';
import {
  followOn,
  listedTasks,
  loadingPanes,
  logShown,
  newLinesCount,
  paneWords,
  selectedTask,
  shownPanes,
} from '../../helpers/model-observe.js';

let d: Driver | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

/** Opens a one-task monitor with the logs pane focused, its newest page shown and followed. */
async function liveLog(intervalMs?: number): Promise<Driver> {
  const drv = await openDriver({ tasks: ['tr-live'], logLines: 300, ...(intervalMs ? { intervalMs } : {}) });
  drv.press('6');
  await drv.fx.until(logShown, 'the newest log page');
  await drv.settle();
  expect(followOn(drv.state())).toBe(true);
  return drv;
}

const lastLine = (drv: Driver): string | undefined => paneWords(drv.state()).logs.at(-1);

describe('a live log scrolled back', () => {
  it('k five times turns follow off, and the following polls leave it off', async () => {
    d = await liveLog();
    d.press('k', 'k', 'k', 'k', 'k');
    expect(followOn(d.state()), 'after k five times').toBe(false);
    for (let poll = 1; poll <= 3; poll++) {
      await d.log('tr-live', 2);
      await d.nextPoll(`poll ${poll}`);
      expect(followOn(d.state()), `follow after poll ${poll} (no follow key pressed)`).toBe(false);
      expect(lastLine(d), `poll ${poll} fetched the new lines below the view`).toBe(`tr-live line ${300 + 2 * poll}`);
    }
  });

  for (const intervalMs of [120, 1000]) {
    it(`the new-lines count grows with every poll while scrolled back (interval ${intervalMs} ms)`, async () => {
      d = await liveLog(intervalMs);
      d.press('pageup');
      expect(followOn(d.state())).toBe(false);
      for (let poll = 1; poll <= 3; poll++) {
        await d.log('tr-live', 3);
        await d.nextPoll(`poll ${poll}`);
        expect(newLinesCount(d.state()), `"N new lines" after poll ${poll}, 3 lines written before each`).toBe(
          3 * poll,
        );
      }
    });
  }
});

describe('the logs pane with no task', () => {
  for (const key of ['g', 'G']) {
    it(`${key} there leaves nothing loading`, async () => {
      d = await openDriver({ tasks: ['tr-live'] });
      d.press('1', '/', 'z', 'z', 'enter');
      await d.settle();
      expect(listedTasks(d.state())).toEqual([]);
      expect(selectedTask(d.state())).toBeNull();
      d.press('6', key);
      await d.settle();
      const s = d.state();
      expect(shownPanes(s)).toContain('logs');
      expect(loadingPanes(s), `with no task selected and nothing in flight, after ${key}`).toEqual([]);
    });
  }
});
