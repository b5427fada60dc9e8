// Colour on and off. Ink only emits styles when it believes the terminal supports them, so this
// file forces colour support on before Ink loads; the theme then decides what is coloured.
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.FORCE_COLOR = '3';
});

import type { TaskRow } from '../../src/store/types.js';
import { createTheme } from '../../src/ui/theme.js';
import { settle } from '../helpers/render.js';
import { fixedStore, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

/** Any foreground or background colour SGR (basic, bright, 256 or truecolour). */

const COLOUR_SGR = /\u001b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

function storeWithHostileName() {
  const store = fixedStore();
  store.setState((s) => {
    const row = s.tasks.byId['t-running'] as TaskRow;
    return {
      tasks: {
        ...s.tasks,
        byId: { ...s.tasks.byId, 't-running': { ...row, name: '\u001b[31mred\u001b[0m-run\u001b]0;title\u0007' } },
      },
    };
  });
  return store;
}

describe('colour', () => {
  it('colours status glyphs and the focused frame when colour is on', async () => {
    current = renderMonitor(
      fixedStore(),
      { columns: 100, rows: 30 },
      { theme: createTheme({ color: true, ascii: false }) },
    );
    await settle();
    expect(current.lastFrame()).toMatch(COLOUR_SGR);
  });

  it('writes no colour at all when colour is off (NO_COLOR / --no-color), but keeps the selection visible', async () => {
    current = renderMonitor(
      fixedStore(),
      { columns: 100, rows: 30 },
      { theme: createTheme({ color: false, ascii: false }) },
    );
    await settle();
    for (const key of ['5', '6', '2']) {
      await current.press(key);
      const frame = current.lastFrame();
      expect(frame, `after ${key}`).not.toMatch(COLOUR_SGR);
      expect(frame, `after ${key}`).toContain('\u001b[7m');
    }
  });

  it('strips escape sequences from server strings, colour on or off', async () => {
    for (const color of [true, false]) {
      current = renderMonitor(
        storeWithHostileName(),
        { columns: 100, rows: 30 },
        { theme: createTheme({ color, ascii: false }) },
      );
      await settle();
      const frame = current.lastFrame();
      expect(frame).toContain('red-run');
      expect(frame).not.toContain('\u001b[31mred');
      expect(frame).not.toContain('\u001b]0;');
      current.unmount();
      current = undefined;
    }
  });

  it('colours log lines by level and highlights the current search match', async () => {
    const store = fixedStore();
    store.setState((s) => ({
      logs: {
        ...s.logs,
        search: {
          query: 'step 4',
          direction: 'older',
          status: 'found',
          pagesFetched: 1,
          linesScanned: 0,
          rate: 0,
          matchId: 49,
          matchIndex: 48,
          error: null,
        },
      },
    }));
    current = renderMonitor(store, { columns: 100, rows: 30 }, { theme: createTheme({ color: true, ascii: false }) });
    await settle();
    const rows = current.lastFrame().split('\n');
    const row = (text: string): string => rows.find((r) => r.includes(text)) ?? '';
    // LOG_LINES: id = i + 1; i % 17 === 5 is an error line (step 56), i % 11 === 3 a warning (step 47).
    expect(row('step 56 ')).toContain('\u001b[31m');
    expect(row('step 47 ')).toContain('\u001b[33m');
    // Following, the 13-row pane shows steps 47-59.
    expect(row('step 48 ')).toContain('\u001b[7m');
    expect(row('step 49 ')).toContain('\u001b[4m');
    expect(row('step 52 ')).not.toContain('\u001b[4m');
  });
});
