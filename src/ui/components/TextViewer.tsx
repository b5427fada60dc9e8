// The text viewer (`enter` on a log line or a value): the whole text, sanitised and wrapped at
// the overlay's width, scrolled with j/k and PgUp/PgDn; `y` copies it, `q` / `esc` close it.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { TextViewerState } from '../../store/types.js';
import { sanitize } from '../../text/sanitize.js';
import { viewerRows, viewerTextWidth } from '../../text/viewer-rows.js';
import { useTheme } from '../context.js';
import { hintLine, modalHints } from '../keys/keymap.js';
import { PaneFrame } from './PaneFrame.js';

export function TextViewer(props: { viewer: TextViewerState; width: number; height: number }): ReactNode {
  const theme = useTheme();
  const rows = Math.max(0, props.height - 2);
  const lines = viewerRows(props.viewer.text, viewerTextWidth(props.width));
  const top = Math.max(0, Math.min(props.viewer.top, lines.length - rows));
  const sep = ` ${theme.glyphs.separator} `;
  const position = lines.length > rows ? `${sep}${top + 1}-${Math.min(lines.length, top + rows)}/${lines.length}` : '';
  const info = `${hintLine(modalHints('viewer'), sep, false)}${position}`;
  return (
    <PaneFrame title={sanitize(props.viewer.title)} info={info} focused width={props.width} height={props.height}>
      {lines.slice(top, top + rows).map((line, i) => (
        <Text key={top + i} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </PaneFrame>
  );
}
