// The header at 60 columns keeps every tab of the view: the pane keys go first, then the longer
// pane names are shortened; nothing is cut off (the run info pane's `info` tab was).
import { afterEach, describe, expect, it } from 'vitest';
import { settle } from '../helpers/render.js';
import { fixedStore, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

async function header(columns: number, rows: number): Promise<string> {
  current = renderMonitor(fixedStore({ cols: columns, rows }), { columns, rows });
  await settle();
  return current.lines()[0] ?? '';
}

describe('the header at 60x20', () => {
  it('shows the three views and all seven pane tabs of the Tasks view', async () => {
    const line = await header(60, 20);
    expect(line).toMatch(/1 Task .* 2 Rep .* 3 Clu .*list +scal +chart +logs +plots +sum +info/);
    expect(line.trimEnd().length).toBeLessThanOrEqual(60);
  });

  it('keeps the full names and keys where they fit', async () => {
    const line = await header(100, 30);
    expect(line).toContain('3 Cluster');
    expect(line).toContain('4 scalars');
    expect(line).toContain('8 summary');
    expect(line).toContain('9 info');
  });
});
