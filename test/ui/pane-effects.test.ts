import { describe, expect, it } from 'vitest';
import { computeLayout } from '../../src/ui/layout.js';
import { clearFullResolution, fullResolutionSequence, paneBox } from '../../src/ui/pane-effects.js';

describe('full-resolution placement', () => {
  const layout = computeLayout({
    cols: 120,
    rows: 40,
    view: 'tasks',
    focused: 'plots',
    topPane: 'scalars',
    bottomPane: 'plots',
  });

  it('finds the plots pane right of the task list and below the top-right pane', () => {
    const box = paneBox(layout.body!, 'plots', 0, layout.headerRows)!;
    const tasks = paneBox(layout.body!, 'tasks', 0, layout.headerRows)!;
    const scalars = paneBox(layout.body!, 'scalars', 0, layout.headerRows)!;
    expect(box.x).toBe(tasks.x + tasks.width);
    expect(box.y).toBe(scalars.y + scalars.height);
    expect(box.x + box.width).toBe(120);
    expect(box.y + box.height).toBe(layout.headerRows + layout.bodyRows);
  });

  it('draws below the pane title inside the frame and restores the cursor; nothing inside tmux', () => {
    const box = { x: 37, y: 16, width: 73, height: 22 };
    const bytes = new Uint8Array([1, 2, 3]);
    const seq = fullResolutionSequence({ mode: 'truecolor', protocol: 'kitty', multiplexed: false }, box, bytes)!;
    expect(seq.startsWith('\u001b7\u001b[19;39H\u001b_Ga=T,f=100,c=71,r=18,')).toBe(true);
    expect(seq.endsWith('\u001b8')).toBe(true);
    expect(fullResolutionSequence({ mode: 'truecolor', protocol: null, multiplexed: true }, box, bytes)).toBeNull();
    expect(clearFullResolution({ mode: 'truecolor', protocol: 'kitty', multiplexed: false })).toBe(
      '\u001b_Ga=d,q=2\u001b\\',
    );
    expect(clearFullResolution({ mode: 'truecolor', protocol: 'iterm2', multiplexed: false })).toBeNull();
  });
});
