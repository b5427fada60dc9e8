// Colours and glyphs of the monitor. With colour off no component passes a colour to Ink
// (selection and focus stay visible through inverse/bold, which are not colours); with
// `--ascii` every glyph has a plain-ASCII stand-in.

/** The eight characters of a pane frame (the shape Ink's `borderStyle` accepts). */
export interface BoxStyle {
  topLeft: string;
  top: string;
  topRight: string;
  right: string;
  bottomRight: string;
  bottom: string;
  bottomLeft: string;
  left: string;
}

export type ColorName = 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'gray' | 'white';

export interface Glyphs {
  /** Before a pane title when it has focus. */
  focusMark: string;
  ellipsis: string;
  separator: string;
  /** Follow mode indicator in the logs title. */
  follow: string;
  /** A report marked for a bulk action. */
  marked: string;
  archived: string;
  up: string;
  down: string;
  /** Pane frames: unfocused and focused. */
  frame: BoxStyle;
  focusedFrame: BoxStyle;
}

export interface Theme {
  color: boolean;
  ascii: boolean;
  glyphs: Glyphs;
  /** The colour to give Ink, or undefined when colour is off. */
  fg(name: ColorName): ColorName | undefined;
}

const ROUND: BoxStyle = {
  topLeft: '╭',
  top: '─',
  topRight: '╮',
  right: '│',
  bottomRight: '╯',
  bottom: '─',
  bottomLeft: '╰',
  left: '│',
};

const HEAVY: BoxStyle = {
  topLeft: '┏',
  top: '━',
  topRight: '┓',
  right: '┃',
  bottomRight: '┛',
  bottom: '━',
  bottomLeft: '┗',
  left: '┃',
};

const ASCII_FRAME: BoxStyle = {
  topLeft: '+',
  top: '-',
  topRight: '+',
  right: '|',
  bottomRight: '+',
  bottom: '-',
  bottomLeft: '+',
  left: '|',
};

const ASCII_FOCUSED_FRAME: BoxStyle = {
  topLeft: '#',
  top: '=',
  topRight: '#',
  right: '#',
  bottomRight: '#',
  bottom: '=',
  bottomLeft: '#',
  left: '#',
};

const UNICODE_GLYPHS: Glyphs = {
  focusMark: '▸',
  ellipsis: '…',
  separator: '·',
  follow: '●',
  marked: '◆',
  archived: '⌂',
  up: '▲',
  down: '▼',
  frame: ROUND,
  focusedFrame: HEAVY,
};

const ASCII_GLYPHS: Glyphs = {
  focusMark: '>',
  ellipsis: '~',
  separator: '|',
  follow: '*',
  marked: '*',
  archived: 'A',
  up: '^',
  down: 'v',
  frame: ASCII_FRAME,
  focusedFrame: ASCII_FOCUSED_FRAME,
};

export function createTheme(opts: { color: boolean; ascii: boolean }): Theme {
  return {
    color: opts.color,
    ascii: opts.ascii,
    glyphs: opts.ascii ? ASCII_GLYPHS : UNICODE_GLYPHS,
    fg: (name) => (opts.color ? name : undefined),
  };
}

// ---- task and report status ------------------------------------------------------------------

export interface StatusLook {
  glyph: string;
  color: ColorName;
  /** Short word for narrow columns and screen readers. */
  label: string;
}

const TASK_STATUS: Record<string, { glyph: string; ascii: string; color: ColorName; label: string }> = {
  in_progress: { glyph: '▶', ascii: '>', color: 'green', label: 'running' },
  queued: { glyph: '◷', ascii: '~', color: 'yellow', label: 'queued' },
  created: { glyph: '○', ascii: 'o', color: 'gray', label: 'created' },
  completed: { glyph: '✓', ascii: '+', color: 'blue', label: 'completed' },
  stopped: { glyph: '■', ascii: '#', color: 'magenta', label: 'stopped' },
  failed: { glyph: '✗', ascii: 'x', color: 'red', label: 'failed' },
  published: { glyph: '●', ascii: '*', color: 'cyan', label: 'published' },
  publishing: { glyph: '◐', ascii: '*', color: 'cyan', label: 'publishing' },
  closed: { glyph: '□', ascii: '-', color: 'gray', label: 'closed' },
};

/** Glyph, colour and word for a task status; unknown statuses get `?` and their own name. */
export function taskStatusLook(status: string, theme: Theme): StatusLook {
  const known = TASK_STATUS[status];
  if (known === undefined) return { glyph: '?', color: 'white', label: status === '' ? 'unknown' : status };
  return { glyph: theme.ascii ? known.ascii : known.glyph, color: known.color, label: known.label };
}

/** Every known task status with its look, in the glyph table's order (the help's legend). */
export function taskStatusLegend(theme: Theme): (StatusLook & { status: string })[] {
  return Object.keys(TASK_STATUS).map((status) => ({ status, ...taskStatusLook(status, theme) }));
}

/** Reports are drafts (`created`) or `published`. */
export function reportStatusLook(status: string, theme: Theme): StatusLook {
  if (status === 'published') return { glyph: theme.ascii ? '*' : '●', color: 'cyan', label: 'published' };
  return { glyph: theme.ascii ? 'o' : '○', color: 'yellow', label: 'draft' };
}

/** Status-line colour per message level. */
export function levelColor(level: 'info' | 'success' | 'error'): ColorName | undefined {
  if (level === 'error') return 'red';
  if (level === 'success') return 'green';
  return undefined;
}
