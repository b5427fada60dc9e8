// The logs pane's cursor, wrap, sideways scroll and the text viewer, through the store against
// the embedded server.
import { afterEach, describe, expect, it } from 'vitest';
import { addLogLines, createTask, monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const LONG = Array.from({ length: 400 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');

async function openLogs(lines: number, text: (i: number) => string): Promise<MonitorFixture> {
  const f = await monitorFixture({ rows: 24 });
  const task = await createTask(f.writer, 'logged');
  await addLogLines(f.writer, task, 1, lines, text);
  const { actions } = f.store.getState();
  actions.setPaneRows('logs', 10);
  actions.focusPane('logs');
  actions.start();
  await f.until((s) => s.logs.lines.length === lines && !s.logs.loadingNewer, 'the log');
  return f;
}

describe('log cursor', () => {
  it('k leaves follow mode on the line above the newest; j back at the bottom follows again', async () => {
    fx = await openLogs(30, (i) => `line ${i}`);
    const { actions } = fx.store.getState();
    expect(fx.state().logs.follow).toBe(true);
    actions.moveSelection(-1);
    let logs = fx.state().logs;
    expect(logs.follow).toBe(false);
    expect(logs.lines.find((l) => l.id === logs.cursorId)?.text).toBe('line 29');
    expect(logs.top).toBe(20);
    // The cursor moves inside the view before the view scrolls.
    actions.moveSelection(-8);
    expect(fx.state().logs.top).toBe(20);
    actions.moveSelection(-1);
    logs = fx.state().logs;
    expect(logs.top).toBe(19);
    expect(logs.lines.find((l) => l.id === logs.cursorId)?.text).toBe('line 20');
    actions.moveSelection(30);
    expect(fx.state().logs).toMatchObject({ follow: true, cursorId: null, top: 20 });
  });

  it('enter opens the whole 400-character line in the viewer; q closes it', async () => {
    fx = await openLogs(12, (i) => (i === 11 ? LONG : `line ${i}`));
    const { actions } = fx.store.getState();
    actions.moveSelection(-1);
    actions.openSelectedText();
    expect(fx.state().ui.viewer).toMatchObject({ title: 'log line', text: LONG, top: { line: 0, block: 0, row: 0 } });
    expect(fx.state().actions.viewerText()).toBe(LONG);
    // 400 characters at 40 columns are 10 rows; a view 5 rows tall stops at row 5.
    actions.scrollViewer(3, 40, 5);
    expect(fx.state().ui.viewer?.top).toEqual({ line: 0, block: 0, row: 3 });
    actions.scrollViewer(10, 40, 5);
    expect(fx.state().ui.viewer?.top).toEqual({ line: 0, block: 0, row: 5 });
    expect(actions.closeOverlay()).toBe(true);
    expect(fx.state().ui.viewer).toBeNull();
  });

  it('enter while following reads the newest line', async () => {
    fx = await openLogs(5, (i) => `line ${i}`);
    fx.store.getState().actions.openSelectedText();
    expect(fx.state().ui.viewer?.text).toBe('line 5');
  });
});

describe('wrap and sideways', () => {
  it('h/l scroll sideways by steps (not below 0); w wraps and stops sideways moves', async () => {
    fx = await openLogs(3, () => LONG);
    const { actions } = fx.store.getState();
    actions.scrollLogSideways(1);
    actions.scrollLogSideways(1);
    expect(fx.state().logs.hscroll).toBe(16);
    actions.scrollLogSideways(-5);
    expect(fx.state().logs.hscroll).toBe(0);
    actions.toggleLogWrap();
    expect(fx.state().ui.logWrap).toBe(true);
    actions.scrollLogSideways(1);
    expect(fx.state().logs.hscroll).toBe(0);
  });
});

describe('tqdm-style progress lines', () => {
  it('a line rewritten with \\r shows its final state in the logs pane, as the ClearML web UI does', async () => {
    const bar = (n: number): string => `epoch 1: ${String(n * 10).padStart(3)}%|${'#'.repeat(n)}${' '.repeat(10 - n)}|`;
    const progress = Array.from({ length: 11 }, (_, n) => bar(n)).join('\r');
    fx = await openLogs(2, (i) => (i === 2 ? progress : 'start'));
    const lines = fx.state().logs.lines.map((l) => l.plain);
    expect(lines).toEqual(['start', bar(10)]);
    fx.store.getState().actions.openSelectedText();
    expect(fx.state().ui.viewer?.text).toBe(bar(10));
  });
});
