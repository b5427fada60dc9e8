// The details pane before and after the markdown renderer loads: the renderer is not part of
// the monitor's start (src/text/markdown/on-demand.ts), so the first drawing of a report says
// it is rendering and the body follows by itself, without a key. Its own file: vitest gives
// each file fresh modules, so the renderer is not loaded when the test starts.
import { afterEach, describe, expect, it } from 'vitest';
import type { ReportRow } from '../../src/store/types.js';
import { loadMarkdown, markdownIfLoaded } from '../../src/text/markdown/on-demand.js';
import { settle } from '../helpers/render.js';
import { fixedStore, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

describe('report details while the markdown renderer loads', () => {
  it('says it is rendering, then draws the body once the renderer is in', async () => {
    expect(markdownIfLoaded()).toBeNull();
    const store = fixedStore({ cols: 96, rows: 30 });
    store.setState((s) => ({
      reports: {
        ...s.reports,
        byId: {
          ...s.reports.byId,
          'r-draft': { ...(s.reports.byId['r-draft'] as ReportRow), body: '# Findings\n\n**bold** claim' },
        },
      },
    }));
    current = renderMonitor(store, { columns: 96, rows: 30 });
    await settle();
    await current.press('2');
    await current.press('4');
    // Drawn before the import could resolve: some frame written says so.
    expect(current.stdout.writes.some((frame) => frame.includes('rendering…'))).toBe(true);
    await loadMarkdown();
    await settle();
    const after = current.lines().join('\n');
    expect(after).not.toContain('rendering…');
    expect(after).toContain('Findings');
    expect(after).toContain('bold claim');
    expect(after).not.toContain('**bold**');
  });
});
