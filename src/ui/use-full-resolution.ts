// `z` on: the shown debug image at full resolution over the plots pane, through the terminal's
// graphics protocol, written after Ink's frame (cursor saved and restored around it). Drawn
// again when the image or the layout changes; cleared when turned off.
import { useEffect } from 'react';
import type { MonitorStore } from '../store/types.js';
import type { Layout } from './layout.js';
import { clearFullResolution, fullResolutionSequence, paneBox } from './pane-effects.js';
import type { GraphicsSupport } from './terminal-graphics.js';
import { useMonitor } from './context.js';

/** Wait after a change so the image lands after Ink's frame (Ink writes at most every 1/60 s). */
const AFTER_FRAME_MS = 50;

export function useFullResolution(
  store: MonitorStore,
  stdout: NodeJS.WriteStream | undefined,
  graphics: GraphicsSupport,
  layout: Layout,
  repaint: () => void,
): void {
  const url = useMonitor((s) =>
    s.imageView.fullResolution && s.imageView.status === 'ready' && s.ui.view === 'tasks' ? s.imageView.url : null,
  );
  const box = layout.body === null ? null : paneBox(layout.body, 'plots', 0, layout.headerRows);
  const boxKey = box === null ? '' : `${box.x},${box.y},${box.width},${box.height}`;
  useEffect(() => {
    if (url === null || box === null || stdout === undefined) return;
    const bytes = store.getState().actions.shownImageBytes();
    const sequence = bytes === null ? null : fullResolutionSequence(graphics, box, bytes);
    if (sequence === null) return;
    const timer = setTimeout(() => stdout.write(sequence), AFTER_FRAME_MS);
    return () => {
      clearTimeout(timer);
      const clear = clearFullResolution(graphics);
      if (clear === null) repaint();
      else stdout.write(clear);
    };
    // `box` is followed through its key: a new object each render with the same place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, boxKey, stdout, graphics, store, repaint]);
}
