import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorStore, ReportRow, ScalarRow } from '../../src/store/types.js';
import { loadMarkdown } from '../../src/text/markdown/on-demand.js';
import { displayWidth } from '../../src/text/sanitize.js';
import { helpLines } from '../../src/ui/components/HelpOverlay.js';
import { KEYS, settle } from '../helpers/render.js';
import { fixedStore, NOW, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';
import { waitFor } from '../helpers/timers.js';

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

async function open(
  store: MonitorStore,
  columns: number,
  rows: number,
  app: Parameters<typeof renderMonitor>[2] = {},
): Promise<MonitorRender> {
  current = renderMonitor(store, { columns, rows }, app);
  await settle();
  return current;
}

/** Every line within the columns, and fewer lines than the terminal has rows. */
function expectFits(m: MonitorRender, columns: number, rows: number): void {
  const lines = m.lines();
  expect(lines.length).toBeLessThan(rows);
  for (const line of lines) expect(displayWidth(line), `line too wide: ${line}`).toBeLessThanOrEqual(columns);
}

const text = (m: MonitorRender): string => m.lines().join('\n');

function fits(m: MonitorRender, columns: number, rows: number): boolean {
  const lines = m.lines();
  return lines.length < rows && lines.every((line) => displayWidth(line) <= columns);
}

const SIZES: [number, number][] = [
  [60, 16],
  [100, 30],
  [200, 60],
];

describe.each(SIZES)('at %ix%i', (columns, rows) => {
  it('draws the task list and the status bar within the terminal', async () => {
    const m = await open(fixedStore({ cols: columns, rows }), columns, rows);
    expectFits(m, columns, rows);
    expect(m.lines()).toHaveLength(rows - 1);
    const screen = text(m);
    expect(screen).toContain('train-resnet50-lr0.1');
    expect(screen).toContain('oom-experiment');
    expect(screen).toContain('live');
    expect(screen).toContain('5 tasks');
  });

  it.each([
    ['4', 'loss › train'],
    ['5', '── train'],
    ['6', 'step 59 loss=0.0167'],
    ['7', 'class counts'],
    ['8', 'test › accuracy'],
  ])('focuses a detail pane with %s and draws it (%s)', async (key, expected) => {
    const m = await open(fixedStore({ cols: columns, rows }), columns, rows);
    await m.press(key);
    expectFits(m, columns, rows);
    expect(text(m)).toContain(expected);
  });

  it('draws the reports view', async () => {
    const m = await open(fixedStore({ cols: columns, rows }), columns, rows);
    await m.press('2');
    await loadMarkdown();
    await settle();
    expectFits(m, columns, rows);
    const screen = text(m);
    expect(screen).toContain('Weekly vision results');
    expect(screen).toContain('3 reports');
    await m.press('4');
    await m.press('G');
    expectFits(m, columns, rows);
    expect(text(m)).toContain('▸ scalars: loss › train');
  });

  it('draws the help overlay from the keymap', async () => {
    const m = await open(fixedStore({ cols: columns, rows }), columns, rows);
    await m.press('?');
    expectFits(m, columns, rows);
    expect(text(m)).toContain('help: this list of keys');
    await m.press('G');
    expectFits(m, columns, rows);
    const last = helpLines(false, columns - 2).at(-1)?.text ?? '';
    expect(last).not.toBe('');
    expect(text(m)).toContain(last.trim());
  });
});

describe('panes', () => {
  it('marks each task status with its own glyph', async () => {
    const m = await open(fixedStore(), 100, 30);
    const lines = m.lines();
    const glyphOf = (name: string): string | undefined => lines.find((l) => l.includes(name))?.split('┃')[1]?.[0];
    expect(glyphOf('train-resnet50-lr0.1')).toBe('▶');
    expect(glyphOf('baseline-small')).toBe('✓');
    expect(glyphOf('oom-experiment')).toBe('✗');
  });

  it('uses ASCII glyphs, frames and sparklines with --ascii', async () => {
    const { createTheme } = await import('../../src/ui/theme.js');
    const m = await open(fixedStore(), 100, 30, { theme: createTheme({ color: false, ascii: true }) });
    for (const line of m.lines()) expect(line, line).toMatch(/^[\x20-\x7e]*$/);
    expect(text(m)).toContain('> train-resnet50-lr0.1');
  });

  it('turns block, box, braille and arrow glyphs inside log lines into ASCII with --ascii', async () => {
    const { createTheme } = await import('../../src/ui/theme.js');
    const store = fixedStore();
    const glyphLines = ['train  45%|████▌     | 450/1000', '┌──────┬─────┐', 'val → best ⣿ • done…'];
    store.setState((s) => ({
      logs: {
        ...s.logs,
        top: 0,
        lines: glyphLines.map((text, i) => ({
          id: i + 1,
          timestamp: NOW,
          level: 'info',
          text,
          plain: text,
          first: true,
        })),
      },
    }));
    const m = await open(store, 100, 30, { theme: createTheme({ color: false, ascii: true }) });
    await m.press('6');
    for (const line of m.lines()) expect(line, line).toMatch(/^[\x20-\x7e]*$/);
    expect(text(m)).toContain('train  45%|#####     | 450/1000');
    expect(text(m)).toContain('+------+-----+');
    expect(text(m)).toContain('val > best # * done...');
  });

  it('dates the log lines that are not from the day of the last fetch, keeping the column aligned', async () => {
    const store = fixedStore();
    const yesterday = NOW - 86_400_000;
    const texts = ['old line one', 'old line two', 'today line'];
    store.setState((s) => ({
      logs: {
        ...s.logs,
        top: 0,
        fetchedAt: NOW,
        lines: texts.map((text, i) => ({
          id: i + 1,
          timestamp: i < 2 ? yesterday : NOW,
          level: 'info',
          text,
          plain: text,
          first: true,
        })),
      },
    }));
    const m = await open(store, 160, 40);
    await m.press('6');
    const row = (t: string): string => m.lines().find((l) => l.includes(t)) ?? '';
    const d = new Date(yesterday);
    const mmdd = `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(row('old line one')).toMatch(new RegExp(`${mmdd} \\d\\d:\\d\\d:\\d\\d old line one`));
    expect(row('today line')).not.toMatch(/\d\d-\d\d \d\d:/);
    expect(row('today line').indexOf('today line')).toBe(row('old line one').indexOf('old line one'));
  });

  it('shows loading, empty and "loading more" rows in the task list', async () => {
    const store = fixedStore({ filled: false });
    const m = await open(store, 100, 30);
    expect(text(m)).toContain('loading tasks…');
    store.setState((s) => ({ tasks: { ...s.tasks, loading: false } }));
    await settle();
    expect(text(m)).toContain('no tasks');
    const filled = fixedStore();
    filled.setState((s) => ({ tasks: { ...s.tasks, loadingMore: true, hasMore: true } }));
    m.unmount();
    const n = await open(filled, 100, 30);
    expect(text(n)).toContain('loading more…');
    expect(text(n)).toContain('tasks ━ 5+');
  });

  it('draws a sparkline around NaN samples', async () => {
    const m = await open(fixedStore(), 100, 30);
    const row = m.lines().find((l) => l.includes('accuracy › val'));
    expect(row).toMatch(/0\.9731 +0\.5 +0\.9731 [▁-█ ]+/);
  });

  it('shows the smoothing and x-axis in the chart title', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    await m.press('5');
    expect(text(m)).toContain('smoothing: off');
    await m.press('s');
    expect(text(m)).toContain('smoothing: EMA 0.6');
    await m.press('x');
    expect(store.getState().ui.xAxis).toBe('time');
    expect(text(m)).toMatch(/x: iter · smoothing: EMA 0\.6 · loading…/);
  });

  it('a second / in the logs starts an empty query; Up brings back the previous one', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    await m.press('6');
    await m.press('/');
    await m.press('loss');
    await m.press(KEYS.enter);
    await m.press('/');
    expect(text(m)).toContain('/search log: █');
    await m.press('acc');
    await m.press(KEYS.enter);
    expect(store.getState().logs.search?.query).toBe('acc');
    await m.press('/');
    await m.press(KEYS.up);
    expect(text(m)).toContain('/search log: acc█');
    await m.press(KEYS.up);
    expect(text(m)).toContain('/search log: loss█');
    await m.press(KEYS.down);
    await m.press(KEYS.down);
    expect(text(m)).toContain('/search log: █');
  });

  it('shows follow and search progress in the logs title', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    await m.press('6');
    expect(text(m)).toContain('follow ●');
    await m.press('/');
    await m.press('loss=0.05');
    expect(text(m)).toContain('/search log: loss=0.05█');
    await m.press(KEYS.enter);
    expect(store.getState().logs.search?.query).toBe('loss=0.05');
    expect(text(m)).toContain('/loss=0.05/ searching older… 0 lines');
    store.setState((s) => ({
      logs: {
        ...s.logs,
        search: { ...(s.logs.search as NonNullable<typeof s.logs.search>), status: 'not-found', pagesFetched: 4 },
      },
    }));
    await settle();
    expect(text(m)).toContain('/loss=0.05/ not found (reached the start)');
  });

  it('shows plots as text and debug images as links', async () => {
    const m = await open(fixedStore(), 100, 30);
    await m.press('7');
    const screen = text(m);
    expect(screen).toContain('data › classes · iter 3');
    expect(screen).toContain('class counts');
    expect(screen).toContain('samples › input · iter 7  http://files.local/img/7.png');
  });

  it('renders report markdown in the details pane and scrolls it', async () => {
    const store = fixedStore();
    const body = `# Notes\n\n- first point\n\n${Array.from({ length: 30 }, (_, i) => `paragraph ${i}`).join('\n\n')}\n`;
    store.setState((s) => ({
      reports: {
        ...s.reports,
        byId: { ...s.reports.byId, 'r-draft': { ...(s.reports.byId['r-draft'] as ReportRow), body } },
      },
    }));
    const m = await open(store, 60, 16);
    await m.press('2');
    await m.press('4');
    expect(text(m)).toContain('• first point');
    expect(text(m)).toContain('numbers from the sweep');
    await m.press('jjj');
    expect(store.getState().reports.detailsTop).toBe(3);
    expect(text(m)).not.toContain('tags: weekly');
    expect(text(m)).toContain('numbers from the sweep');
  });
});

describe('focus changes', () => {
  it('keep every row of the pane that gains or loses focus', async () => {
    const store = fixedStore({ cols: 120, rows: 36 });
    const m = await open(store, 120, 36);
    const rows = store.getState().ui.paneRows.logs;
    const first = `step ${60 - rows} loss`;
    expect(text(m)).toContain(first);
    await m.press('6');
    expect(text(m)).toContain(first);
    await m.press('1');
    expect(text(m)).toContain(first);
    expect(text(m)).toContain('train-resnet50-lr0.1');
  });
});

describe('status bar', () => {
  it('says when the connection is retrying and since when it is stale', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    store.setState((s) => ({
      connection: {
        ...s.connection,
        state: 'retrying',
        staleSince: NOW - 30_000,
        nextAttemptAt: NOW + 8_000,
        attempt: 2,
      },
    }));
    await settle();
    expect(text(m)).toMatch(/retrying in 8s \(attempt 3\) · stale since \d\d:\d\d:\d\d/);
  });

  it('drops the server label before the connection state when the line is short', async () => {
    const store = fixedStore({ cols: 60, rows: 16 });
    const m = await open(store, 60, 16);
    expect(m.lines().at(-1)).toContain('http://127.0.0.1:8008 live');
    store.setState((s) => ({
      connection: {
        ...s.connection,
        state: 'retrying',
        staleSince: NOW - 30_000,
        nextAttemptAt: NOW + 8_000,
        attempt: 2,
      },
    }));
    await settle();
    const footer = m.lines().at(-1) ?? '';
    expect(footer).not.toContain('http://127.0.0.1:8008');
    expect(footer).toMatch(/^retrying in 8s \(attempt 3\) · stale since \d\d:\d\d:\d\d · 5 tasks/);
  });

  it('says why login failed', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    store.setState((s) => ({
      connection: { ...s.connection, state: 'auth-failed', authReason: 'auth.login: invalid key' },
    }));
    await settle();
    expect(text(m)).toContain('login failed: auth.login: invalid key');
  });

  it("shows the store's status message, sanitised", async () => {
    const store = fixedStore();
    const m = await open(store, 60, 16);
    store.getState().actions.showStatus('archived \u001b]0;evil\u0007"Q1"', 'success');
    await settle();
    expect(text(m)).toContain('archived "Q1"');
    expect(m.lastFrame()).not.toContain('evil');
  });

  it("hints the focused pane's keys", async () => {
    const m = await open(fixedStore(), 100, 30);
    await m.press('6');
    const footer = m.lines().at(-1) ?? '';
    expect(footer).toContain('/ search');
    expect(footer).toContain('f follow');
  });
});

describe('keys', () => {
  it('ignores action keys below 60x16 but still quits with q', async () => {
    const store = fixedStore({ cols: 59, rows: 15 });
    const m = await open(store, 59, 15);
    expect(text(m)).toContain('terminal too small');
    expect(text(m)).toContain('need 60x16, have 59x15');
    expectFits(m, 59, 15);
    await m.press('2?jA');
    const ui = store.getState().ui;
    expect(ui.view).toBe('tasks');
    expect(ui.overlay).toBe('none');
    expect(store.getState().tasks.selectedIndex).toBe(0);
    expect(m.quits).toBe(0);
    await m.press('q');
    expect(m.quits).toBe(1);
  });

  it('routes keys to the focused pane only', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    await m.press(KEYS.tab);
    expect(store.getState().ui.focus.tasks).toBe('scalars');
    await m.press('j');
    expect(store.getState().scalars.selectedIndex).toBe(1);
    expect(store.getState().tasks.selectedIndex).toBe(0);
    await m.press(KEYS.shiftTab);
    expect(store.getState().ui.focus.tasks).toBe('tasks');
    await m.press('j');
    expect(store.getState().tasks.selectedIndex).toBe(1);
  });

  it('applies batched keys one by one', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    await m.press('jjj');
    expect(store.getState().tasks.selectedIndex).toBe(3);
    await m.press('k');
    expect(store.getState().tasks.selectedIndex).toBe(2);
    await m.press('G');
    expect(store.getState().tasks.selectedIndex).toBe(4);
  });

  it('edits the filter prompt with backspace and applies it with Enter', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    await m.press('/');
    await m.press('resnq');
    await m.press(KEYS.backspace);
    expect(store.getState().ui.prompt?.text).toBe('resn');
    expect(text(m)).toContain('/filter tasks: resn█');
    await m.press(KEYS.enter);
    expect(store.getState().ui.prompt).toBeNull();
    expect(store.getState().ui.filters.tasks).toBe('resn');
    expect(text(m)).toContain('/resn/');
    expect(m.quits).toBe(0);
  });

  it('cancels a prompt with Esc and clears the filter with Esc', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    store.getState().actions.setFilter('tasks', 'old');
    await m.press('/');
    await m.press('x');
    await m.press(KEYS.escape);
    expect(store.getState().ui.prompt).toBeNull();
    expect(store.getState().ui.filters.tasks).toBe('old');
    await m.press(KEYS.escape);
    expect(store.getState().ui.filters.tasks).toBe('');
  });

  it('closes the help with q first, then quits', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    await m.press('?');
    expect(store.getState().ui.overlay).toBe('help');
    await m.press('q');
    expect(store.getState().ui.overlay).toBe('none');
    expect(m.quits).toBe(0);
    await m.press('q');
    expect(m.quits).toBe(1);
  });

  it('quits with ctrl-c whatever is open', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    await m.press('/');
    await m.press(KEYS.ctrlC);
    expect(m.quits).toBe(1);
  });

  it('copies the selected id with y', async () => {
    const m = await open(fixedStore(), 100, 30);
    await m.press('jy');
    expect(m.copies).toEqual(['t-queued']);
    expect(text(m)).toContain('copied t-queued');
  });

  it('writes the OSC 52 sequence, wrapped for tmux, when no copy handler is given', async () => {
    const m = await open(fixedStore(), 100, 30, { app: { copy: undefined, env: { TMUX: '/tmp/tmux-1/default,1,0' } } });
    await m.press('y');
    const base64 = Buffer.from('t-running').toString('base64');
    const out = m.stdout.output;
    expect(out).toContain(`\u001b]52;c;${base64}\u0007`);
    expect(out).toContain('\u001bPtmux;');
  });

  it('shows archived items and cycles the status filter from the keyboard', async () => {
    const store = fixedStore();
    const m = await open(store, 200, 60);
    await m.press('A');
    expect(store.getState().ui.showArchived.tasks).toBe(true);
    expect(text(m)).toContain('with archived');
    await m.press('S');
    expect(store.getState().tasks.statusFilter).toEqual(['in_progress']);
    expect(text(m)).toContain('status: running');
    await m.press('2');
    await m.press('SS');
    expect(store.getState().reports.filter.status).toEqual(['published']);
    expect(text(m)).toContain('status: published');
  });

  it('switches views with 1 and 2, and 1 again focuses the list', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    await m.press('6');
    await m.press('2');
    expect(store.getState().ui.view).toBe('reports');
    await m.press('1');
    expect(store.getState().ui.view).toBe('tasks');
    expect(store.getState().ui.focus.tasks).toBe('logs');
    await m.press('1');
    expect(store.getState().ui.focus.tasks).toBe('tasks');
  });

  it('asks before deleting a report and cancels with n', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    await m.press('2');
    await m.press('d');
    expect(store.getState().dialog).not.toBeNull();
    expectFits(m, 100, 30);
    expect(text(m)).toContain('Weekly vision results');
    expect(text(m)).toContain('y / Enter: yes');
    await m.press('n');
    expect(store.getState().dialog).toBeNull();
  });

  it('types into an input dialog with backspace, keeping q as text', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    await m.press('2');
    await m.press('R');
    const dialog = store.getState().dialog;
    expect(dialog?.kind).toBe('input');
    await m.press(KEYS.ctrlU);
    await m.press('qx');
    await m.press(KEYS.backspace);
    expect(store.getState().dialog).toMatchObject({ value: 'q' });
    expect(text(m)).toContain('name: q█');
    await m.press(KEYS.escape);
    expect(store.getState().dialog).toBeNull();
    expect(m.quits).toBe(0);
  });

  it('has no report actions with --read-only', async () => {
    const store = fixedStore({ readOnly: true });
    const m = await open(store, 100, 30);
    await m.press('2');
    await m.press('dpRn');
    expect(store.getState().dialog).toBeNull();
    expect(text(m)).toContain('read-only');
    expect(text(m)).not.toContain('a archive');
  });

  it('says in the status line that an action key is off with --read-only', async () => {
    const store = fixedStore({ readOnly: true });
    const m = await open(store, 100, 30);
    await m.press('2');
    await m.press('a');
    expect(store.getState().status?.text).toBe('read-only: archive is off');
    expect(text(m)).toContain('read-only: archive is off');
    await m.press('n');
    expect(store.getState().status?.text).toBe('read-only: new report is off');
    await m.press('R');
    expect(store.getState().status?.text).toBe('read-only: rename is off');
    expect(store.getState().dialog).toBeNull();
    // A key bound to nothing says nothing.
    store.getState().actions.showStatus('before');
    await m.press('%');
    expect(store.getState().status?.text).toBe('before');
  });

  it('hands a draft body to the editor with e', async () => {
    const edits: [string, string][] = [];
    const store = fixedStore();
    const m = await open(store, 100, 30, { app: { editBody: (id, body) => void edits.push([id, body]) } });
    await m.press('2');
    await m.press('e');
    expect(edits).toHaveLength(1);
    expect(edits[0]?.[0]).toBe('r-draft');
    expect(edits[0]?.[1]).toContain('# Weekly vision results');
  });
});

describe('errors stay inside their pane', () => {
  it('shows a store error in the pane that failed while the others draw', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    store.setState((s) => ({
      scalars: {
        ...s.scalars,
        error: { message: 'bad histogram', endpoint: 'events.scalar_metrics_iter_histogram', at: NOW },
      },
    }));
    await settle();
    const line = m.lines().find((l) => l.includes('error: bad histogram'));
    expect(line).toContain('(events.scalar_metrics_iter_histogram)');
    expect(line?.indexOf('error: bad histogram')).toBeGreaterThan(30);
    expect(text(m)).toContain('train-resnet50-lr0.1');
    expect(text(m)).toContain('step 59');
  });

  it('shows a record the pane cannot draw as an error in that pane, and draws again when the data changes', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    const good = store.getState().scalars.rows;
    // A malformed row (not a ScalarRow) is what makes the pane's drawing throw.
    store.setState((s) => ({ scalars: { ...s.scalars, rows: [null as unknown as ScalarRow] } }));
    await settle();
    expect(text(m)).toContain('cannot show this pane');
    expect(text(m)).toContain('train-resnet50-lr0.1');
    expect(text(m)).toContain('step 59');
    store.setState((s) => ({ scalars: { ...s.scalars, rows: good } }));
    await settle();
    expect(text(m)).not.toContain('cannot show this pane');
    expect(text(m)).toContain('loss › train');
  });
});

describe('resize', () => {
  it('lays out again at the new size and tells the store', async () => {
    const store = fixedStore({ cols: 200, rows: 60 });
    const m = await open(store, 200, 60);
    // Each resize is followed by a re-layout and a frame; wait for the frame of the new size
    // rather than a fixed pause, which a loaded machine can outlast.
    m.stdout.resize(60, 16);
    await waitFor(() => store.getState().ui.cols === 60 && fits(m, 60, 16), 15_000, 'the 60x16 frame');
    expectFits(m, 60, 16);
    expect(store.getState().ui).toMatchObject({ cols: 60, rows: 16 });
    m.stdout.resize(59, 15);
    await waitFor(() => text(m).includes('terminal too small'), 15_000, 'the too-small screen');
    m.stdout.resize(100, 30);
    await waitFor(() => text(m).includes('train-resnet50-lr0.1'), 15_000, 'the 100x30 frame');
    expectFits(m, 100, 30);
  });

  it('tells the store how many rows each visible pane has', async () => {
    const store = fixedStore();
    await open(store, 100, 30);
    const rows = store.getState().ui.paneRows;
    expect(rows.tasks).toBeGreaterThan(10);
    expect(rows.logs).toBeGreaterThan(5);
    expect(rows.chart).toBe(0);
    expect(rows.reports).toBe(0);
  });
});
