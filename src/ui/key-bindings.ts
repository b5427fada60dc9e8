// The key table: every binding of the monitor, modal ones included. The key router, the help
// overlay, the status bar's and dialogs' key hints and the README's key table are generated
// from it (see keymap.ts); what an action does is in key-actions.ts.
import type { PaneName } from '../store/types.js';
import type { ActionId } from './key-actions.js';
import type { KeyName } from './keys.js';

/**
 * What is open over the panes. While one is, only its own bindings and the `always` ones apply;
 * in the typing scopes a key with no binding types its character.
 */
export type ModalScope =
  'prompt' | 'confirm' | 'dialog' | 'tag-picker' | 'project-picker' | 'help' | 'viewer' | 'too-small';

/**
 * Where a binding applies: always (modals included), everywhere (no modal open), anywhere in
 * one view, in one pane, or in one modal.
 */
export type Scope = 'always' | 'everywhere' | 'tasks-view' | 'reports-view' | PaneName | ModalScope;

export const MODAL_SCOPES: readonly ModalScope[] = [
  'prompt',
  'confirm',
  'dialog',
  'tag-picker',
  'project-picker',
  'help',
  'viewer',
  'too-small',
];

/** Modal scopes where an unbound printable key is typed into the text. */
export const TYPING_SCOPES: readonly ModalScope[] = ['prompt', 'dialog', 'tag-picker', 'project-picker'];

export interface KeyBinding {
  keys: readonly KeyName[];
  action: ActionId;
  scopes: readonly Scope[];
  help: string;
  /** Short label for the status bar's key hints; bindings without one are not hinted. */
  hint?: string;
  /** Keys as shown in the hint when not the binding's own (e.g. `j/k` for a pair). */
  hintKeys?: string;
  /** A report triage action: not bound, hinted or listed with `--read-only`. */
  triage?: boolean;
}

const VIEWS: readonly Scope[] = ['tasks-view', 'reports-view'];
const EXPORT_HELP =
  'export what the focused pane shows (log, scalars, chart, plots) to a file in the current directory';
const PICKERS: readonly Scope[] = ['tag-picker', 'project-picker'];

export const KEYMAP: readonly KeyBinding[] = [
  { keys: ['?'], action: 'help', scopes: ['everywhere'], help: 'help: this list of keys', hint: 'help' },
  {
    keys: ['q'],
    action: 'quit',
    scopes: ['everywhere'],
    help: 'close the dialog, prompt or help; else quit',
    hint: 'quit',
  },
  { keys: ['ctrl-c'], action: 'exit', scopes: ['always'], help: 'quit at once' },
  { keys: ['1'], action: 'view-tasks', scopes: ['everywhere'], help: 'Tasks view (again: focus the task list)' },
  { keys: ['2'], action: 'view-reports', scopes: ['everywhere'], help: 'Reports view (again: focus the report list)' },
  { keys: ['tab'], action: 'focus-next', scopes: VIEWS, help: 'next pane' },
  { keys: ['shift-tab'], action: 'focus-prev', scopes: VIEWS, help: 'previous pane' },
  { keys: ['3'], action: 'focus-scalars', scopes: ['tasks-view'], help: 'focus the scalars pane' },
  { keys: ['4'], action: 'focus-chart', scopes: ['tasks-view'], help: 'focus the chart pane' },
  { keys: ['5'], action: 'focus-logs', scopes: ['tasks-view'], help: 'focus the logs pane' },
  { keys: ['6'], action: 'focus-plots', scopes: ['tasks-view'], help: 'focus the plots and debug images pane' },
  { keys: ['7'], action: 'focus-summary', scopes: ['tasks-view'], help: 'focus the summary (single values) pane' },
  {
    keys: ['8'],
    action: 'focus-runinfo',
    scopes: ['tasks-view'],
    help: 'focus the run info pane (status, times, parameters)',
  },
  { keys: ['3'], action: 'focus-details', scopes: ['reports-view'], help: 'focus the report details pane' },
  {
    keys: ['j', 'down'],
    action: 'down',
    scopes: VIEWS,
    help: 'move down (lists) or scroll down',
    hint: 'move',
    hintKeys: 'j/k',
  },
  { keys: ['k', 'up'], action: 'up', scopes: VIEWS, help: 'move up (lists) or scroll up' },
  {
    keys: ['g', 'home'],
    action: 'top',
    scopes: VIEWS,
    help: "top; in the logs, the log's first line however long it is",
  },
  {
    keys: ['G', 'end'],
    action: 'bottom',
    scopes: VIEWS,
    help: 'bottom; in the logs, the newest line (follow turns on)',
  },
  { keys: ['pagedown', 'ctrl-d'], action: 'page-down', scopes: VIEWS, help: 'one page down' },
  { keys: ['pageup', 'ctrl-u'], action: 'page-up', scopes: VIEWS, help: 'one page up' },
  {
    keys: ['enter'],
    action: 'open',
    scopes: ['tasks', 'scalars', 'reports'],
    help: 'open: a task shows its scalars, a metric its chart, a report its details',
    hint: 'open',
  },
  {
    keys: ['/'],
    action: 'filter',
    scopes: ['tasks', 'reports'],
    help: 'filter the list (tasks: name regex; reports: name, comment, tags, body)',
    hint: 'filter',
  },
  {
    keys: ['esc'],
    action: 'clear-filter',
    scopes: ['tasks', 'reports'],
    help: 'clear the filter (reports: text, tags, status and project)',
  },
  {
    keys: ['S'],
    action: 'status-filter',
    scopes: ['tasks', 'reports'],
    help: 'status filter: cycle all / one status at a time',
    hint: 'status',
  },
  {
    keys: ['T'],
    action: 'tag-filter',
    scopes: ['reports'],
    help: 'tag filter: pick known tags (type to narrow; Tab: include / exclude / off)',
    hint: 'by tag',
  },
  {
    keys: ['P'],
    action: 'project-filter',
    scopes: ['reports'],
    help: 'project filter: pick one project that holds reports (type to narrow)',
    hint: 'by project',
  },
  {
    keys: ['o'],
    action: 'sort-next',
    scopes: ['tasks'],
    help: 'sort by the next field (updated, name, status, started, iteration)',
    hint: 'sort',
  },
  { keys: ['O'], action: 'sort-reverse', scopes: ['tasks'], help: 'reverse the sort order' },
  {
    keys: [':'],
    action: 'jump',
    scopes: ['tasks-view'],
    help: 'jump to a task by its id or the start of it',
    hint: 'jump',
  },
  {
    keys: ['F'],
    action: 'look-at-failures',
    scopes: ['tasks-view'],
    help: 'go to the newest task seen failing or stopping (clears the counter)',
  },
  { keys: ['A'], action: 'archived', scopes: VIEWS, help: 'show / hide archived tasks or reports', hint: 'archived' },
  {
    keys: ['y'],
    action: 'copy-id',
    scopes: ['tasks', 'reports', 'details'],
    help: 'copy the selected id to the clipboard (OSC 52)',
    hint: 'copy id',
  },
  {
    keys: ['['],
    action: 'image-earlier',
    scopes: ['plots'],
    help: 'debug image: the earlier iteration of its metric/variant',
    hint: 'iteration',
    hintKeys: '[/]',
  },
  { keys: [']'], action: 'image-later', scopes: ['plots'], help: 'debug image: the later iteration' },
  { keys: ['{'], action: 'image-first', scopes: ['plots'], help: 'debug image: the first iteration' },
  { keys: ['}'], action: 'image-last', scopes: ['plots'], help: 'debug image: the last iteration' },
  { keys: ['o'], action: 'show-url', scopes: ['plots'], help: "show the debug image's full URL in the status line" },
  { keys: ['y'], action: 'copy-url', scopes: ['plots'], help: 'copy the image URL (OSC 52)', hint: 'copy URL' },
  {
    keys: ['z'],
    action: 'full-resolution',
    scopes: ['plots'],
    help: 'full-resolution image (kitty, iTerm2; not in tmux)',
  },
  { keys: ['E'], action: 'export-pane', scopes: ['tasks-view'], help: EXPORT_HELP, hint: 'export' },
  {
    keys: ['/'],
    action: 'search',
    scopes: ['logs', 'runinfo'],
    help: 'search the log (older pages are fetched until found) or the run info (names and whole values)',
    hint: 'search',
  },
  {
    keys: ['n'],
    action: 'search-next',
    scopes: ['logs', 'runinfo'],
    help: 'next match (logs: older)',
    hint: 'match',
    hintKeys: 'n/N',
  },
  { keys: ['N'], action: 'search-prev', scopes: ['logs', 'runinfo'], help: 'previous match (logs: newer)' },
  {
    keys: ['esc'],
    action: 'clear-search',
    scopes: ['logs', 'runinfo'],
    help: 'stop a running search, else clear it',
  },
  {
    keys: ['f'],
    action: 'follow',
    scopes: ['logs'],
    help: 'follow new lines on/off (on when at the bottom)',
    hint: 'follow',
  },
  {
    keys: ['enter'],
    action: 'open-text',
    scopes: ['logs', 'summary', 'runinfo'],
    help: 'read the selected log line, run-info value or summary value whole in the text viewer',
    hint: 'read',
  },
  { keys: ['w'], action: 'log-wrap', scopes: ['logs'], help: 'wrap long lines on/off', hint: 'wrap' },
  {
    keys: ['h', 'left'],
    action: 'log-left',
    scopes: ['logs'],
    help: 'scroll sideways to the left (lines not wrapped)',
    hint: 'sideways',
    hintKeys: 'h/l',
  },
  { keys: ['l', 'right'], action: 'log-right', scopes: ['logs'], help: 'scroll sideways to the right' },
  { keys: ['x'], action: 'x-axis', scopes: ['chart', 'scalars'], help: 'x-axis: iteration / time', hint: 'x-axis' },
  {
    keys: ['s'],
    action: 'smoothing',
    scopes: ['chart', 'scalars'],
    help: 'smoothing: cycle off and EMA weights',
    hint: 'smooth',
  },
  { keys: ['r'], action: 'refresh', scopes: ['everywhere'], help: 'refresh now' },
  { keys: ['ctrl-l'], action: 'repaint', scopes: ['always'], help: 'repaint the whole screen' },
  {
    keys: ['space'],
    action: 'mark',
    scopes: ['reports-view'],
    help: 'mark / unmark the report for a bulk action',
    hint: 'mark',
    triage: true,
  },
  {
    keys: ['space'],
    action: 'mark-task',
    scopes: ['tasks'],
    help: 'mark / unmark the task for compare (2 or more: scalars and chart compare them)',
    hint: 'compare',
  },
  { keys: ['X'], action: 'clear-marks', scopes: ['tasks-view'], help: 'clear every compare mark' },
  {
    keys: ['a'],
    action: 'archive',
    scopes: ['reports-view'],
    help: 'archive, or unarchive an archived report',
    hint: 'archive',
    triage: true,
  },
  { keys: ['u'], action: 'undo', scopes: ['reports-view'], help: 'undo the last archive / unarchive', triage: true },
  {
    keys: ['p'],
    action: 'publish',
    scopes: ['reports-view'],
    help: 'publish (asks first)',
    hint: 'publish',
    triage: true,
  },
  {
    keys: ['m'],
    action: 'move',
    scopes: ['reports-view'],
    help: 'move to a project by name',
    hint: 'move',
    triage: true,
  },
  {
    keys: ['d'],
    action: 'delete',
    scopes: ['reports-view'],
    help: 'delete (asks first; says when force is needed)',
    hint: 'delete',
    triage: true,
  },
  {
    keys: ['t'],
    action: 'tags',
    scopes: ['reports-view'],
    help: 'edit tags (`a, b` adds, `-a` removes)',
    hint: 'tags',
    triage: true,
  },
  { keys: ['R'], action: 'rename', scopes: ['reports-view'], help: 'rename', triage: true },
  { keys: ['c'], action: 'comment', scopes: ['reports-view'], help: 'edit the comment', triage: true },
  {
    keys: ['e'],
    action: 'edit',
    scopes: ['reports-view'],
    help: 'edit the body in $EDITOR (drafts only)',
    triage: true,
  },
  {
    keys: ['n'],
    action: 'new-report',
    scopes: ['reports-view'],
    help: 'new report (name, project, tags)',
    hint: 'new',
    triage: true,
  },
  // ---- modals: the `/` prompt, dialogs, pickers, help, the too-small screen
  { keys: ['enter'], action: 'prompt-apply', scopes: ['prompt'], help: 'apply the filter, or search', hint: 'apply' },
  { keys: ['esc'], action: 'prompt-cancel', scopes: ['prompt'], help: 'close the prompt', hint: 'cancel' },
  { keys: ['up'], action: 'prompt-history-up', scopes: ['prompt'], help: 'log search: previous query' },
  { keys: ['down'], action: 'prompt-history-down', scopes: ['prompt'], help: 'log search: next query' },
  {
    keys: ['backspace'],
    action: 'delete-char',
    scopes: ['prompt', 'dialog', ...PICKERS],
    help: 'delete the last typed character',
  },
  { keys: ['ctrl-u'], action: 'clear-text', scopes: ['prompt', 'dialog', ...PICKERS], help: 'clear what is typed' },
  {
    keys: ['y', 'enter'],
    action: 'dialog-submit',
    scopes: ['confirm'],
    help: 'yes: do it',
    hint: 'yes',
    hintKeys: 'y / Enter',
  },
  {
    keys: ['n', 'q', 'esc'],
    action: 'dialog-cancel',
    scopes: ['confirm'],
    help: 'no: close the dialog',
    hint: 'no',
    hintKeys: 'n / q / Esc',
  },
  {
    keys: ['enter'],
    action: 'dialog-submit',
    scopes: ['dialog'],
    help: 'submit the value (or go to the next step)',
    hint: 'ok',
  },
  {
    keys: ['tab'],
    action: 'dialog-complete',
    scopes: ['dialog'],
    help: 'complete with the first suggestion',
    hint: 'complete',
  },
  { keys: ['esc'], action: 'dialog-cancel', scopes: ['dialog'], help: 'cancel', hint: 'cancel' },
  {
    keys: ['down', 'ctrl-n'],
    action: 'pick-down',
    scopes: PICKERS,
    help: 'next option',
    hint: 'move',
    hintKeys: 'Up/Down',
  },
  { keys: ['up', 'ctrl-p'], action: 'pick-up', scopes: PICKERS, help: 'previous option' },
  { keys: ['pagedown'], action: 'pick-page-down', scopes: PICKERS, help: 'options one page down' },
  { keys: ['pageup'], action: 'pick-page-up', scopes: PICKERS, help: 'options one page up' },
  {
    keys: ['tab'],
    action: 'dialog-complete',
    scopes: ['tag-picker'],
    help: 'the highlighted tag: include / exclude / off',
    hint: 'include / exclude / off',
  },
  {
    keys: ['tab'],
    action: 'dialog-complete',
    scopes: ['project-picker'],
    help: 'choose the highlighted project',
  },
  { keys: ['enter'], action: 'dialog-submit', scopes: ['tag-picker'], help: 'apply the tag filter', hint: 'apply' },
  {
    keys: ['enter'],
    action: 'dialog-submit',
    scopes: ['project-picker'],
    help: "show the highlighted project's reports",
    hint: 'show this project',
  },
  {
    keys: ['esc'],
    action: 'dialog-cancel',
    scopes: PICKERS,
    help: 'close without changing the filter',
    hint: 'cancel',
  },
  { keys: ['j', 'down'], action: 'help-down', scopes: ['help'], help: 'scroll down', hint: 'scroll', hintKeys: 'j/k' },
  { keys: ['k', 'up'], action: 'help-up', scopes: ['help'], help: 'scroll up' },
  { keys: ['pagedown', 'ctrl-d', 'space'], action: 'help-page-down', scopes: ['help'], help: 'one page down' },
  { keys: ['pageup', 'ctrl-u'], action: 'help-page-up', scopes: ['help'], help: 'one page up' },
  { keys: ['g', 'home'], action: 'help-top', scopes: ['help'], help: 'top' },
  { keys: ['G', 'end'], action: 'help-bottom', scopes: ['help'], help: 'bottom' },
  { keys: ['q', 'esc', '?'], action: 'help-close', scopes: ['help'], help: 'close the help', hint: 'close' },
  {
    keys: ['j', 'down'],
    action: 'viewer-down',
    scopes: ['viewer'],
    help: 'scroll down',
    hint: 'scroll',
    hintKeys: 'j/k',
  },
  { keys: ['k', 'up'], action: 'viewer-up', scopes: ['viewer'], help: 'scroll up' },
  { keys: ['pagedown', 'ctrl-d', 'space'], action: 'viewer-page-down', scopes: ['viewer'], help: 'one page down' },
  { keys: ['pageup', 'ctrl-u'], action: 'viewer-page-up', scopes: ['viewer'], help: 'one page up' },
  { keys: ['y'], action: 'viewer-copy', scopes: ['viewer'], help: 'copy the whole text (OSC 52)', hint: 'copy' },
  { keys: ['q', 'esc'], action: 'viewer-close', scopes: ['viewer'], help: 'close the viewer', hint: 'close' },
  {
    keys: ['q'],
    action: 'exit',
    scopes: ['too-small'],
    help: 'quit (no other key works until the terminal is larger)',
  },
];
