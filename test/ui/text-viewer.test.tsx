// The text viewer on a 50 MB log line: it opens on the line's first rows, pages and scrolls
// through it, and its title says how far in the view is. Only the rows on screen are drawn
// (src/text/text-layout.ts), so every key here costs a screen, not the line.
import { afterEach, describe, expect, it } from 'vitest';
import type { LogLine } from '../../src/store/types.js';
import { KEYS, settle } from '../helpers/render.js';
import { fixedStore, NOW, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

const COLUMNS = 100;
const ROWS = 30;
/** 50 MB: "0000000 0000001 …" numbered so every row can be told apart. */
const HUGE = Array.from({ length: 6_250_000 }, (_, i) => String(i).padStart(7, '0')).join(' ');

function logLine(id: number, text: string): LogLine {
  return { id, timestamp: NOW, level: 'info', text, plain: text, first: true };
}

describe('the text viewer on a 50 MB line', () => {
  it('opens on its first rows, pages through it and says how far in it is', async () => {
    const store = fixedStore({ cols: COLUMNS, rows: ROWS });
    store.setState((s) => ({
      logs: { ...s.logs, lines: [logLine(1, 'short'), logLine(2, HUGE)], top: 0, follow: true },
    }));
    current = renderMonitor(store, { columns: COLUMNS, rows: ROWS });
    await settle();
    await current.press('6');
    await current.press(KEYS.enter);
    let screen = current.lines().join('\n');
    expect(store.getState().ui.viewer?.text).toBe(HUGE);
    expect(screen).toContain('log line');
    expect(screen).toContain('0000000 0000001 0000002');
    expect(screen).toMatch(/ 0%/);

    await current.press(' ');
    await current.press('j');
    screen = current.lines().join('\n');
    expect(screen).not.toContain('0000000 0000001');
    const top = store.getState().ui.viewer?.top;
    // A page is the view's 24 rows less one, then one row more.
    expect(top).toEqual({ line: 0, block: 0, row: 23 + 1 });

    // Far into the line: a thousand pages down, each one screen of work.
    for (let i = 0; i < 1000; i++) store.getState().actions.scrollViewer(ROWS, COLUMNS - 2, ROWS - 4);
    await settle();
    screen = current.lines().join('\n');
    expect(store.getState().ui.viewer?.top.block).toBeGreaterThan(0);
    expect(screen).toMatch(/ [1-9]%/);
    expect(current.lines().length).toBeLessThan(ROWS);
  });
});
