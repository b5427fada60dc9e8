// A long status message keeps its end in view: it goes on in the footer's second row (the
// key hints give way) and is cut in the middle only when longer than both rows.
import { describe, expect, it } from 'vitest';
import { messageRows } from '../../src/text/message-rows.js';
import { displayWidth } from '../../src/text/width.js';
import { settle } from '../helpers/render.js';
import { fixedStore, renderMonitor } from '../helpers/ui-fixture.js';

const REFUSAL = 'export failed: E exports the logs, scalars, chart or plots pane, not the task list';
const PATH = '/home/ada/experiments/tracktop/train-resnet50-lr0.1-logs-2025-05-06T12-00-00.log';

async function footer(columns: number, rows: number, message: string): Promise<string[]> {
  const store = fixedStore({ cols: columns, rows });
  const m = renderMonitor(store, { columns, rows });
  await settle();
  store.getState().actions.showStatus(message, 'error');
  await settle();
  const lines = m.lines();
  m.unmount();
  return lines.slice(-2);
}

describe('long status messages', () => {
  it('at 120x40 a sentence goes on in the second row rather than losing its end', async () => {
    const [first = '', second = ''] = await footer(120, 40, REFUSAL);
    expect(`${first} ${second}`.replace(/\s+/g, ' ')).toContain(REFUSAL);
    expect(first).toContain('5 tasks');
  });

  it('at 80x24 (one footer row) a sentence is cut in the middle, keeping its end', async () => {
    const [, line = ''] = await footer(80, 24, REFUSAL);
    expect(line).toContain('5 tasks');
    expect(line).toMatch(/export failed: E.*….*the task list · \? help$/);
  });

  it('a path longer than both rows keeps its file name', async () => {
    const [first = '', second = ''] = await footer(60, 40, `exported to ${PATH}${PATH}`);
    expect(second.trimEnd()).toMatch(/-logs-2025-05-06T12-00-00\.log$/);
    expect(first + second).toContain('…');
  });

  it('wraps words into rows of the given widths and cuts in the middle when they do not fit', () => {
    expect(messageRows('one two three', [7, 10])).toEqual(['one two', 'three']);
    const rows = messageRows(`saved ${PATH}`, [20, 20]);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(displayWidth(row)).toBeLessThanOrEqual(20);
    expect(rows[1]).toMatch(/12-00-00\.log$/);
  });
});
