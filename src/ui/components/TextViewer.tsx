// The text viewer (`enter` on a log line or a value): the whole text, sanitised and wrapped at
// the overlay's width, scrolled with j/k and PgUp/PgDn; `y` copies it, `q` / `esc` close it.
// Only the rows on screen are sanitised and wrapped (src/text/text-layout.ts): a 50 MB line
// costs a screen, not the line.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { TextViewerState } from '../../store/types.js';
import { sanitize } from '../../text/sanitize.js';
import { positionLabel, visibleRows } from '../../text/text-layout.js';
import { viewerTextWidth } from '../../text/viewer-rows.js';
import { useTheme } from '../context.js';
import { hintLine, modalHints } from '../keys/keymap.js';
import { PaneFrame } from './PaneFrame.js';

export function TextViewer(props: { viewer: TextViewerState; width: number; height: number }): ReactNode {
  const theme = useTheme();
  const rows = Math.max(0, props.height - 2);
  const width = viewerTextWidth(props.width);
  const { layout, top } = props.viewer;
  const lines = visibleRows(layout, top, width, rows);
  const sep = ` ${theme.glyphs.separator} `;
  const label = positionLabel(layout, top, width, rows, sep);
  const info = `${hintLine(modalHints('viewer'), sep, false)}${label === '' ? '' : `${sep}${label}`}`;
  return (
    <PaneFrame title={sanitize(props.viewer.title)} info={info} focused width={props.width} height={props.height}>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </PaneFrame>
  );
}
