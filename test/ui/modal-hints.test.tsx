// The footer's key hints follow what takes the keys: with help or a dialog open, the focused
// pane's keys (which do nothing then) are not hinted.
import { describe, expect, it } from 'vitest';
import { settle } from '../helpers/render.js';
import { fixedStore, renderMonitor } from '../helpers/ui-fixture.js';

async function footerAfter(columns: number, rows: number, keys: string[]): Promise<string> {
  const store = fixedStore({ cols: columns, rows });
  const m = renderMonitor(store, { columns, rows });
  await settle();
  for (const key of keys) await m.press(key);
  await settle();
  const footer = m.lines().slice(-2).join('\n');
  m.unmount();
  return footer;
}

describe('key hints under what is open', () => {
  it('help at 80x24 over the plots pane hints the help keys, not the image keys', async () => {
    const footer = await footerAfter(80, 24, ['7', '?']);
    expect(footer).not.toContain('iteration');
    expect(footer).toContain('close');
  });

  it('the publish dialog hints its own answers, not the report list keys', async () => {
    const footer = await footerAfter(120, 40, ['2', 'p']);
    expect(footer).not.toContain('archive');
    expect(footer).toContain('yes');
  });
});
