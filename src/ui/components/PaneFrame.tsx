// A pane's frame: a top line carrying the title (and a short status), the other three sides
// drawn by Ink. Focus shows as a heavier frame and an inverse title, so it is visible without
// colour.
import { useContext, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { displayWidth, sanitize, truncateToWidth } from '../../text/sanitize.js';
import { middleEllipsis } from '../../text/middle-ellipsis.js';
import { PaneSubjectContext, useTheme } from '../context.js';

export interface PaneFrameProps {
  title: string;
  /** Short status after the title (counts, filter, modes), parts joined by a separator; may be cut. */
  info?: string | readonly string[];
  focused: boolean;
  width: number;
  height: number;
  children: ReactNode;
}

export function PaneFrame(props: PaneFrameProps): ReactNode {
  const theme = useTheme();
  const frame = props.focused ? theme.glyphs.focusedFrame : theme.glyphs.frame;
  const borderColor = props.focused ? theme.fg('cyan') : theme.fg('gray');
  const inner = Math.max(0, props.width - 2);
  const subject = useContext(PaneSubjectContext);
  // The task's name gets up to half the top line, cut in the middle (its ends tell runs apart).
  const named =
    subject === null || subject === ''
      ? props.title
      : `${props.title} ${theme.glyphs.separator} ${middleEllipsis(sanitize(subject), Math.max(8, Math.floor(inner / 2)), theme.glyphs.ellipsis)}`;
  const title = truncateToWidth(` ${props.focused ? theme.glyphs.focusMark : ''}${named} `, Math.max(0, inner - 1), {
    ellipsis: theme.glyphs.ellipsis,
  });
  const room = inner - 1 - displayWidth(title);
  const info =
    typeof props.info === 'string'
      ? props.info
      : (props.info ?? []).filter((p) => p !== '').join(` ${theme.glyphs.separator} `);
  const infoText =
    info === '' || room < 4
      ? ''
      : truncateToWidth(` ${sanitize(info)} `, room - 1, { ellipsis: theme.glyphs.ellipsis });
  const lead = frame.top;
  const gap = infoText === '' ? '' : frame.top;
  const fill = frame.top.repeat(
    Math.max(0, inner - 1 - displayWidth(title) - displayWidth(gap) - displayWidth(infoText)),
  );
  return (
    <Box flexDirection="column" width={props.width} height={props.height} flexShrink={0}>
      <Text wrap="truncate-end">
        <Text color={borderColor}>
          {frame.topLeft}
          {lead}
        </Text>
        <Text inverse={props.focused} bold={props.focused}>
          {title}
        </Text>
        <Text color={borderColor}>{gap}</Text>
        <Text dimColor={!props.focused}>{infoText}</Text>
        <Text color={borderColor}>
          {fill}
          {frame.topRight}
        </Text>
      </Text>
      {/* Keyed by focus: Ink 6.8 re-applies a changed borderStyle with the top border on, which
          would push the first row down; a fresh box keeps borderTop={false}. */}
      <Box
        key={props.focused ? 'focused' : 'plain'}
        flexDirection="column"
        width={props.width}
        height={Math.max(0, props.height - 1)}
        borderStyle={frame}
        borderTop={false}
        borderColor={borderColor}
        overflow="hidden"
      >
        {props.children}
      </Box>
    </Box>
  );
}
