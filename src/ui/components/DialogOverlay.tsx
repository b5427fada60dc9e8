// Report triage dialogs (confirm, or a typed value with suggestions). The typed value lives
// in the store, so nothing typed is lost when the server refuses it.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { DialogState } from '../../store/types.js';
import { displayWidth, sanitize } from '../../text/sanitize.js';
import { clip } from '../cells.js';
import { useMonitor, useTheme } from '../context.js';
import { PaneFrame } from './PaneFrame.js';
import type { Theme } from '../theme.js';

export interface DialogLine {
  text: string;
  kind: 'text' | 'input' | 'error' | 'suggestion' | 'keys';
}

/** The dialog's lines for `width` columns and at most `rows` rows (the key line always shows). */
export function dialogLines(dialog: DialogState, width: number, rows: number, theme: Theme): DialogLine[] {
  const e = theme.glyphs.ellipsis;
  const lines: DialogLine[] = [];
  let keys: string;
  if (dialog.kind === 'confirm') {
    for (const line of dialog.lines) lines.push({ kind: 'text', text: clip(sanitize(line), width, e) });
    keys = 'y / Enter: yes    n / q / Esc: no';
  } else {
    const cursor = theme.ascii ? '_' : '█';
    const head = `${dialog.field}: `;
    const value = sanitize(dialog.value);
    const chars = [...value];
    let shown = value;
    while (displayWidth(head + shown + cursor) > width && chars.length > 0) {
      chars.shift();
      shown = chars.join('');
    }
    lines.push({ kind: 'input', text: head + shown + cursor });
    if (dialog.error !== null) lines.push({ kind: 'error', text: clip(sanitize(dialog.error), width, e) });
    if (dialog.suggestions.length > 0) {
      lines.push({ kind: 'text', text: clip('Tab completes:', width) });
      for (const s of dialog.suggestions) lines.push({ kind: 'suggestion', text: clip(`  ${sanitize(s)}`, width, e) });
    }
    keys = 'Enter: ok    Tab: complete    Esc: cancel';
  }
  const reserve = rows >= 3 ? 2 : 1;
  const capacity = Math.max(0, rows - reserve);
  let body = lines;
  if (lines.length > capacity) {
    const more: DialogLine = { kind: 'text', text: clip(`${e} ${lines.length - capacity + 1} more`, width) };
    body = capacity >= 1 ? [...lines.slice(0, capacity - 1), more] : [];
  }
  const tail: DialogLine[] = [{ kind: 'keys', text: clip(keys, width) }];
  if (reserve === 2) tail.unshift({ kind: 'text', text: '' });
  return [...body, ...tail];
}

export function DialogOverlay(props: { width: number; height: number }): ReactNode {
  const theme = useTheme();
  const dialog = useMonitor((s) => s.ui.dialog);
  const innerWidth = Math.max(0, props.width - 2);
  const rows = Math.max(0, props.height - 2);
  if (dialog === null) return null;
  const lines = dialogLines(dialog, innerWidth, rows, theme);
  return (
    <PaneFrame title={sanitize(dialog.title)} focused width={props.width} height={props.height}>
      {lines.map((line, i) => (
        <Text
          key={i}
          wrap="truncate-end"
          bold={line.kind === 'input'}
          dimColor={line.kind === 'keys'}
          color={line.kind === 'error' ? theme.fg('red') : line.kind === 'suggestion' ? theme.fg('cyan') : undefined}
        >
          {line.text === '' ? ' ' : line.text}
        </Text>
      ))}
    </PaneFrame>
  );
}
