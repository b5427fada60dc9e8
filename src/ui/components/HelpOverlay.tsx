// The help overlay (`?`), generated from the keymap.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import { displayWidth, fitToWidth } from '../../text/sanitize.js';
import { clip } from '../cells.js';
import { useTheme } from '../context.js';
import { helpSections, hintLine, modalHints } from '../keys/keymap.js';
import { createTheme, taskStatusLegend, type Theme } from '../theme.js';

const DEFAULT_THEME = createTheme({ color: true, ascii: false });
import { PaneFrame } from './PaneFrame.js';

export interface HelpLine {
  text: string;
  heading: boolean;
}

/**
 * The legend of task status glyphs, from the theme's one glyph table: a few rows at the top of
 * the help, so its first page explains the glyphs the task list starts with.
 */
function legendLines(theme: Theme, width: number): HelpLine[] {
  const lines: HelpLine[] = [{ text: clip('task status glyphs', width), heading: true }];
  let row = ' ';
  for (const look of taskStatusLegend(theme)) {
    const entry = ` ${look.glyph} ${look.label}`;
    if (row !== ' ' && displayWidth(row + entry) > width) {
      lines.push({ text: row, heading: false });
      row = ' ';
    }
    row += entry;
  }
  lines.push({ text: clip(row, width), heading: false });
  return lines;
}

/** Every line of the help, each at most `width` columns. */
export function helpLines(readOnly: boolean, width: number, theme: Theme = DEFAULT_THEME): HelpLine[] {
  const sections = helpSections(readOnly);
  const keyWidth = Math.min(22, Math.max(...sections.flatMap((s) => s.rows.map((r) => displayWidth(r.keys)))));
  const lines: HelpLine[] = legendLines(theme, width);
  for (const section of sections) {
    lines.push({ text: '', heading: false });
    lines.push({ text: clip(section.title, width), heading: true });
    for (const row of section.rows)
      lines.push({ text: clip(`  ${fitToWidth(row.keys, keyWidth)}  ${row.help}`, width), heading: false });
  }
  if (readOnly)
    lines.push(
      { text: '', heading: false },
      { text: clip('read-only: report actions are off', width), heading: false },
    );
  return lines;
}

/** The first line shown for a wanted scroll offset (clamped so the last page stays full). */
export function helpTop(wanted: number, lineCount: number, rows: number): number {
  return Math.max(0, Math.min(wanted, lineCount - rows));
}

export function HelpOverlay(props: { width: number; height: number; top: number; readOnly: boolean }): ReactNode {
  const theme = useTheme();
  const innerWidth = Math.max(0, props.width - 2);
  const rows = Math.max(0, props.height - 2);
  const lines = helpLines(props.readOnly, innerWidth, theme);
  const top = helpTop(props.top, lines.length, rows);
  const info = `${hintLine(modalHints('help'), ` ${theme.glyphs.separator} `, false)}${lines.length > rows ? ` ${theme.glyphs.separator} ${top + 1}-${Math.min(lines.length, top + rows)}/${lines.length}` : ''}`;
  return (
    <PaneFrame title="help" info={info} focused width={props.width} height={props.height}>
      {lines.slice(top, top + rows).map((line, i) => (
        <Text key={top + i} bold={line.heading} color={line.heading ? theme.fg('cyan') : undefined} wrap="truncate-end">
          {line.text === '' ? ' ' : line.text}
        </Text>
      ))}
    </PaneFrame>
  );
}
