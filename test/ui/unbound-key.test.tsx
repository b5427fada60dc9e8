// A key that does nothing in the focused pane says which pane it works in (through the real
// App and key router); a key bound nowhere stays silent.
import { describe, expect, it } from 'vitest';
import { settle } from '../helpers/render.js';
import { fixedStore, renderMonitor } from '../helpers/ui-fixture.js';

describe('a key of another pane', () => {
  it('says where it works, and a key bound nowhere says nothing', async () => {
    const store = fixedStore();
    const m = renderMonitor(store, { columns: 120, rows: 40 });
    await settle();
    await m.press('w');
    expect(store.getState().status?.text).toBe('w does nothing in the task list: in the logs, wrap long lines on/off');
    await settle();
    expect(m.lines().join('\n')).toContain('in the logs, wrap long lines on/off');
    store.getState().actions.showStatus('before');
    await m.press('W');
    expect(store.getState().status?.text).toBe('before');
    await m.press('6');
    await m.press('w');
    expect(store.getState().ui.logWrap).toBe(true);
    m.unmount();
  });
});
