// `S` and `Esc` in the task list, through the real App and key router.
import { describe, expect, it } from 'vitest';
import { KEYS, settle } from '../helpers/render.js';
import { fixedStore, renderMonitor } from '../helpers/ui-fixture.js';

describe('status filter keys', () => {
  it('Esc clears a status filter set with S', async () => {
    const store = fixedStore();
    const m = renderMonitor(store, { columns: 120, rows: 40 });
    await settle();
    await m.press('S');
    await m.press('S');
    expect(store.getState().tasks.statusFilter).toEqual(['queued']);
    await settle();
    expect(m.lines().join('\n')).toContain('status: queued');
    await m.press(KEYS.escape);
    await settle();
    expect(store.getState().tasks.statusFilter).toEqual([]);
    expect(m.lines().join('\n')).not.toContain('status: queued');
    m.unmount();
  });
});
