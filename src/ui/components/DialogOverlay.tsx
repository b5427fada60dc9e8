// Report triage dialogs (confirm, or a typed value with suggestions) and the filter pickers
// (a list narrowed by typing). The typed value lives in the store, so nothing typed is lost
// when the server refuses it.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import { visibleOptions } from '../../store/index.js';
import type { DialogState, PickOption } from '../../store/types.js';
import { displayWidth, sanitize } from '../../text/sanitize.js';
import { clip } from '../cells.js';
import { useMonitor, useTheme } from '../context.js';
import { hintLine, modalHints, type ModalScope } from '../keys/keymap.js';
import { PaneFrame } from './PaneFrame.js';
import type { Theme } from '../theme.js';

type PickDialog = Extract<DialogState, { kind: 'pick' }>;

export interface DialogLine {
  text: string;
  /** Drawn dim after the text (an input's offered value, an option's detail). */
  dim?: string;
  kind: 'text' | 'input' | 'hint' | 'error' | 'suggestion' | 'keys' | 'option';
  /** Options and suggestions: the highlighted one; options: its state (include / exclude / off). */
  highlighted?: boolean;
  state?: PickOption['state'];
}

/**
 * The modal's key hints from the keymap, as wide as fits: `keys: label` pairs four spaces
 * apart, then two, then the keys alone. `typing` leads the line when there is room.
 */
function keysLine(modal: ModalScope, width: number, typing?: string): string {
  const hints = modalHints(modal);
  const lead = typing === undefined ? [] : [typing];
  const choices = [
    [...lead, hintLine(hints, '    ')].join('    '),
    [...lead, hintLine(hints, '  ')].join('  '),
    hintLine(hints, '  '),
    hints.map((h) => h.keys).join('  '),
  ];
  return choices.find((k) => displayWidth(k) <= width) ?? choices[choices.length - 1] ?? '';
}

/**
 * `label: typed█`, cut from the left so the end of what is typed stays in view; while nothing
 * is typed, `hint` (what Enter alone takes) follows the cursor, dim.
 */
function inputLine(label: string, typed: string, width: number, theme: Theme, hint?: string): DialogLine {
  const cursor = theme.ascii ? '_' : '█';
  const head = `${label}: `;
  const value = sanitize(typed);
  const chars = [...value];
  let shown = value;
  while (displayWidth(head + shown + cursor) > width && chars.length > 0) {
    chars.shift();
    shown = chars.join('');
  }
  const text = head + shown + cursor;
  if (typed !== '' || hint === undefined || hint === '') return { kind: 'input', text };
  const room = width - displayWidth(text);
  return room > 1
    ? { kind: 'input', text, dim: clip(sanitize(hint), room, theme.glyphs.ellipsis) }
    : { kind: 'input', text };
}

/** Rows an error may take in a dialog: the server's words and what to do are both shown. */
export const MAX_ERROR_ROWS = 3;

/** An error wrapped at spaces over at most MAX_ERROR_ROWS rows (the last one cut if needed). */
export function errorLines(error: string, width: number, ellipsis: string): DialogLine[] {
  const rows: string[] = [];
  let line = '';
  for (const word of sanitize(error)
    .split(/\s+/)
    .filter((w) => w !== '')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (displayWidth(next) <= width || line === '') line = next;
    else {
      rows.push(line);
      line = word;
    }
  }
  if (line !== '') rows.push(line);
  const shown = rows.slice(0, MAX_ERROR_ROWS);
  if (rows.length > MAX_ERROR_ROWS)
    shown[MAX_ERROR_ROWS - 1] = `${shown[MAX_ERROR_ROWS - 1] ?? ''} ${rows.slice(MAX_ERROR_ROWS).join(' ')}`;
  return shown.map((text) => ({ kind: 'error', text: clip(text, width, ellipsis) }));
}

/** How an option's state reads: `[+]` include, `[-]` exclude, `[ ]` off; projects `(*)` / `( )`. */
export function optionMark(purpose: PickDialog['purpose'], state: PickOption['state'], theme: Theme): string {
  if (purpose === 'project' || purpose === 'user' || purpose === 'queue')
    return state === 'include' ? (theme.ascii ? '(*)' : '(•)') : '( )';
  if (purpose === 'metric') return state === 'include' ? '[x]' : '[ ]';
  return state === 'include' ? '[+]' : state === 'exclude' ? '[-]' : '[ ]';
}

function optionText(option: PickOption, tree: boolean): string {
  if (!tree || option.display === undefined) return sanitize(option.label);
  return '  '.repeat(option.indent ?? 0) + sanitize(option.display);
}

const PICKER_NOUNS: Record<PickDialog['purpose'], string> = {
  tags: 'tag',
  project: 'project',
  user: 'user',
  metric: 'metric',
  queue: 'queue',
};

const PICKER_MODALS: Record<PickDialog['purpose'], ModalScope> = {
  tags: 'tag-picker',
  project: 'project-picker',
  user: 'user-picker',
  metric: 'metric-picker',
  queue: 'queue-picker',
};

/** A picker's lines: the typed text, notes, a window of options around the highlighted one, the keys. */
export function pickLines(dialog: PickDialog, width: number, rows: number, theme: Theme): DialogLine[] {
  const e = theme.glyphs.ellipsis;
  const noun = PICKER_NOUNS[dialog.purpose];
  const head: DialogLine[] = [inputLine(noun, dialog.query, width, theme)];
  if (dialog.error !== null) head.push(...errorLines(dialog.error, width, e));
  const shown = visibleOptions(dialog);
  if (dialog.loading) head.push({ kind: 'text', text: clip(`loading ${noun}s${e}`, width, e) });
  else if (shown.length === 0) {
    const none =
      dialog.options.length === 0 ? `no ${noun}s known` : `no ${noun} matches "${sanitize(dialog.query.trim())}"`;
    head.push({ kind: 'text', text: clip(none, width, e) });
  }
  const keys = keysLine(PICKER_MODALS[dialog.purpose], width, 'type to narrow');
  const reserve = rows >= 3 ? 2 : 1;
  const room = Math.max(0, rows - reserve - head.length);
  let first = 0;
  let count = Math.min(shown.length, room);
  // Keep the highlighted option in view; a line says how many more there are above or below.
  const note = shown.length > room && room >= 2;
  if (shown.length > room) {
    count = note ? room - 1 : room;
    first = Math.min(Math.max(0, dialog.cursor - Math.floor(count / 2)), shown.length - count);
  }
  // A tree (indented last parts) while nothing narrows it; full names once typing does.
  const tree = dialog.query.trim() === '';
  const options: DialogLine[] = shown.slice(first, first + count).map((option, i) => {
    const highlighted = first + i === dialog.cursor;
    const pointer = highlighted ? theme.glyphs.focusMark : ' ';
    const text = clip(
      `${pointer} ${optionMark(dialog.purpose, option.state, theme)} ${optionText(option, tree)}`,
      width,
      e,
    );
    const room = width - displayWidth(text) - 2;
    const detail = option.detail === undefined || room < 1 ? undefined : clip(sanitize(option.detail), room, e);
    return {
      kind: 'option',
      text,
      highlighted,
      state: option.state,
      ...(detail === undefined ? {} : { dim: `  ${detail}` }),
    };
  });
  if (note) {
    const above = first;
    const below = shown.length - first - count;
    const parts = [above > 0 ? `${above} above` : '', below > 0 ? `${below} below` : ''].filter((p) => p !== '');
    options.push({ kind: 'text', text: clip(`${e} ${parts.join(', ')} (Up/Down, PgUp/PgDn)`, width, e) });
  }
  const tail: DialogLine[] = [{ kind: 'keys', text: clip(keys, width, e) }];
  if (reserve === 2) tail.unshift({ kind: 'text', text: '' });
  return [...head.slice(0, Math.max(0, rows - reserve)), ...options, ...tail];
}

/** The dialog's lines for `width` columns and at most `rows` rows (the key line always shows). */
export function dialogLines(dialog: DialogState, width: number, rows: number, theme: Theme): DialogLine[] {
  if (dialog.kind === 'pick') return pickLines(dialog, width, rows, theme);
  const e = theme.glyphs.ellipsis;
  const lines: DialogLine[] = [];
  let keys: string;
  if (dialog.kind === 'confirm') {
    for (const line of dialog.lines) lines.push({ kind: 'text', text: clip(sanitize(line), width, e) });
    keys = keysLine('confirm', width);
  } else {
    lines.push(inputLine(dialog.field, dialog.value, width, theme, dialog.offer));
    if (dialog.hint !== null) lines.push({ kind: 'hint', text: clip(sanitize(dialog.hint), width, e) });
    if (dialog.error !== null) lines.push(...errorLines(dialog.error, width, e));
    if (dialog.suggestions.length > 0) {
      lines.push({ kind: 'text', text: clip('Tab completes:', width) });
      dialog.suggestions.forEach((s, i) =>
        lines.push({ kind: 'suggestion', text: clip(`  ${sanitize(s)}`, width, e), highlighted: i === dialog.cursor }),
      );
    }
    keys = keysLine('dialog', width);
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

function lineColor(line: DialogLine, theme: Theme): ReturnType<Theme['fg']> {
  if (line.kind === 'error') return theme.fg('red');
  if (line.kind === 'suggestion') return theme.fg('cyan');
  if (line.kind === 'option' && line.state === 'include') return theme.fg('green');
  if (line.kind === 'option' && line.state === 'exclude') return theme.fg('red');
  return undefined;
}

/**
 * The dialog in a frame of `width` x `height`. `opaque`: drawn over the panes, so every cell
 * of it is written (padded lines, blank rows) and nothing of the panes shows through.
 */
export function DialogOverlay(props: { width: number; height: number; opaque?: boolean }): ReactNode {
  const theme = useTheme();
  const dialog = useMonitor((s) => s.dialog);
  const innerWidth = Math.max(0, props.width - 2);
  const rows = Math.max(0, props.height - 2);
  if (dialog === null) return null;
  const lines = dialogLines(dialog, innerWidth, rows, theme);
  if (props.opaque === true)
    while (lines.length < rows) lines.splice(Math.max(0, lines.length - 1), 0, { kind: 'text', text: '' });
  const pad = (text: string): string =>
    props.opaque === true ? text + ' '.repeat(Math.max(0, innerWidth - displayWidth(text))) : text;
  return (
    <PaneFrame title={sanitize(dialog.title)} focused width={props.width} height={props.height}>
      {lines.map((line, i) => (
        <Text
          key={i}
          wrap="truncate-end"
          bold={line.kind === 'input'}
          inverse={line.highlighted === true}
          dimColor={line.kind === 'keys' || line.kind === 'hint'}
          color={lineColor(line, theme)}
        >
          {line.dim === undefined ? (line.text === '' ? pad(' ') : pad(line.text)) : line.text}
          {line.dim === undefined ? null : (
            <Text dimColor bold={false}>
              {pad(line.text + line.dim).slice(line.text.length)}
            </Text>
          )}
        </Text>
      ))}
    </PaneFrame>
  );
}
