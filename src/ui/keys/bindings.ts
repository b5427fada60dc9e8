// The key table: every binding of the monitor, modal ones included. The key router, the help
// overlay, the status bar's and dialogs' key hints and the README's key table are generated
// from it (see keymap.ts); what an action does is in actions.ts.
import { LIST_PANES, PANE_SPECS, SEARCH_PANES, TEXT_VIEWER_PANES, type ViewName } from '../../store/panes.js';
import type { KeyBinding, Scope } from './scopes.js';
import { MODAL_BINDINGS } from './modal-bindings.js';

export { MODAL_SCOPES, TYPING_SCOPES, type KeyBinding, type ModalScope, type Scope } from './scopes.js';

const VIEWS: readonly Scope[] = ['tasks-view', 'reports-view', 'cluster-view'];
const LISTS: readonly Scope[] = LIST_PANES;
/** Where `/` searches rather than filters. */
const SEARCHABLE: readonly Scope[] = SEARCH_PANES;
/** The lists with tag and project filters. */
const LIST_FILTERS: readonly Scope[] = ['reports', 'tasks'];
/** The panes that draw metric curves. */
const CHARTS: readonly Scope[] = ['chart', 'scalars'];
const EXPORT_HELP =
  'export what the focused pane shows (log, scalars, chart, plots) to <task name>-<pane>-<time> in the current directory';

/** Bindings that apply in the same scope or scopes, each written without them. */
function inScopes(where: Scope | readonly Scope[], bindings: readonly Omit<KeyBinding, 'scopes'>[]): KeyBinding[] {
  const scopes = typeof where === 'string' ? [where] : where;
  return bindings.map((binding) => ({ ...binding, scopes }));
}

/** The keys that focus a view's panes, from the pane descriptors (src/store/panes.ts). */
function focusBindings(view: ViewName): KeyBinding[] {
  return PANE_SPECS.flatMap((spec) =>
    spec.view === view && spec.focus !== null
      ? [
          {
            keys: [spec.focus.key],
            action: `focus-${spec.name}` as const,
            scopes: [`${view}-view` as const],
            help: spec.focus.help,
          },
        ]
      : [],
  );
}

/** Triage actions of a view (reports or tasks): left out with `--read-only`. */
function triageActions(
  view: 'reports-view' | 'tasks-view',
  bindings: readonly Omit<KeyBinding, 'scopes' | 'triage'>[],
): KeyBinding[] {
  return bindings.map((binding) => ({ ...binding, scopes: [view], triage: true }));
}

export const KEYMAP: readonly KeyBinding[] = [
  ...inScopes('everywhere', [
    { keys: ['?'], action: 'help', help: 'help: this list of keys', hint: 'help' },
    { keys: ['q'], action: 'quit', help: 'close the dialog, prompt or help; else quit', hint: 'quit' },
  ]),
  { keys: ['ctrl-c'], action: 'exit', scopes: ['always'], help: 'quit at once' },
  ...inScopes('everywhere', [
    { keys: ['1'], action: 'view-tasks', help: 'Tasks view (again: focus the task list)' },
    { keys: ['2'], action: 'view-reports', help: 'Reports view (again: focus the report list)' },
    { keys: ['3'], action: 'view-cluster', help: 'Cluster view: workers and queues (again: focus the workers)' },
  ]),
  { keys: ['tab'], action: 'focus-next', scopes: VIEWS, help: 'next pane' },
  { keys: ['shift-tab'], action: 'focus-prev', scopes: VIEWS, help: 'previous pane' },
  ...focusBindings('tasks'),
  ...focusBindings('reports'),
  ...focusBindings('cluster'),
  ...inScopes(VIEWS, [
    { keys: ['j', 'down'], action: 'down', help: 'move down (lists) or scroll down', hint: 'move', hintKeys: 'j/k' },
    { keys: ['k', 'up'], action: 'up', help: 'move up (lists) or scroll up' },
    { keys: ['g', 'home'], action: 'top', help: "top; in the logs, the log's first line however long it is" },
    { keys: ['G', 'end'], action: 'bottom', help: 'bottom; in the logs, the newest line (follow turns on)' },
    { keys: ['pagedown', 'ctrl-d'], action: 'page-down', help: 'one page down' },
    { keys: ['pageup', 'ctrl-u'], action: 'page-up', help: 'one page up' },
  ]),
  {
    keys: ['enter'],
    action: 'open',
    scopes: ['tasks', 'scalars', 'reports', 'workers'],
    help: "open: a task shows its scalars, a metric its chart, a report its details, a worker its task's",
    hint: 'open',
  },
  ...inScopes(LISTS, [
    {
      keys: ['/'],
      action: 'filter',
      help: 'filter the list (tasks: name regex; reports: name, comment, tags, body)',
      hint: 'filter',
    },
    {
      keys: ['esc'],
      action: 'clear-filter',
      help: 'clear the filter and the status filter (reports: tags, project too)',
    },
    {
      keys: ['S'],
      action: 'status-filter',
      help: 'status filter: cycle all / each common status / more (the rare ones: published, closed…)',
      hint: 'status',
    },
  ]),
  ...inScopes(LIST_FILTERS, [
    {
      keys: ['T'],
      action: 'tag-filter',
      help: 'tag filter: pick known tags (type to narrow; Tab: include / exclude / off)',
      hint: 'by tag',
    },
    {
      keys: ['P'],
      action: 'project-filter',
      help: 'project filter: pick one project (tasks: a tree, with subprojects; reports: those holding reports)',
      hint: 'by project',
    },
  ]),
  ...inScopes('tasks', [
    {
      keys: ['U'],
      action: 'user-filter',
      help: 'user filter: pick one user (everyone the server knows; type to narrow)',
      hint: 'by user',
    },
    {
      keys: ['M'],
      action: 'metric-columns',
      help: 'metric columns: pick up to 3 metrics whose last value each task shows (type to narrow; o sorts by them)',
      hint: 'metric column',
    },
    {
      keys: ['o'],
      action: 'sort-next',
      help: 'sort by the next field (updated, name, status, started, iteration, then each metric column)',
      hint: 'sort',
    },
    { keys: ['O'], action: 'sort-reverse', help: 'reverse the sort order' },
  ]),
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
  {
    keys: ['A'],
    action: 'archived',
    scopes: ['tasks-view', 'reports-view'],
    help: 'show / hide archived tasks or reports',
    hint: 'archived',
  },
  {
    keys: ['y'],
    action: 'copy-id',
    scopes: [...LISTS, 'details'],
    help: 'copy the selected id to the clipboard (OSC 52)',
    hint: 'copy id',
  },
  ...inScopes('plots', [
    {
      keys: ['['],
      action: 'image-earlier',
      help: 'debug image: the earlier iteration of its metric/variant',
      hint: 'iteration',
      hintKeys: '[/]',
    },
    { keys: [']'], action: 'image-later', help: 'debug image: the later iteration' },
    { keys: ['{'], action: 'image-first', help: 'debug image: the first iteration' },
    { keys: ['}'], action: 'image-last', help: 'debug image: the last iteration' },
    { keys: ['o'], action: 'show-url', help: "show the debug image's full URL in the status line" },
    { keys: ['y'], action: 'copy-url', help: 'copy the image URL (OSC 52)', hint: 'copy URL' },
    { keys: ['z'], action: 'full-resolution', help: 'full-resolution image (kitty, iTerm2; not in tmux)' },
  ]),
  { keys: ['E'], action: 'export-pane', scopes: ['tasks-view'], help: EXPORT_HELP, hint: 'export' },
  ...inScopes(SEARCHABLE, [
    {
      keys: ['/'],
      action: 'search',
      help: 'search the log (older pages are fetched until found) or the run info (names and whole values)',
      hint: 'search',
    },
    { keys: ['n'], action: 'search-next', help: 'next match (logs: older)', hint: 'match', hintKeys: 'n/N' },
    { keys: ['N'], action: 'search-prev', help: 'previous match (logs: newer)' },
    { keys: ['esc'], action: 'clear-search', help: 'stop a running search, else clear it' },
  ]),
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
    scopes: TEXT_VIEWER_PANES,
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
  ...inScopes(CHARTS, [
    {
      keys: ['x'],
      action: 'x-axis',
      help: 'x-axis: iteration / wall time / time since start (compared runs overlay from their own start)',
      hint: 'x-axis',
    },
    {
      keys: ['L'],
      action: 'log-scale',
      help: 'log-scale y on/off (values <= 0 are left out; the pane says how many)',
      hint: 'log y',
    },
  ]),
  {
    keys: ['z'],
    action: 'fold-monitor',
    scopes: ['scalars'],
    help: 'fold / unfold the resource monitor (:monitor:) series',
    hint: 'fold',
  },
  { keys: ['Z'], action: 'zoom', scopes: VIEWS, help: 'zoom the focused pane to the whole screen and back' },
  {
    keys: ['s'],
    action: 'smoothing',
    scopes: CHARTS,
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
    help: 'mark / unmark the task for compare (2 or more: scalars, chart and run info compare them) and bulk actions',
    hint: 'compare',
  },
  { keys: ['X'], action: 'clear-marks', scopes: ['tasks-view'], help: 'clear every compare mark' },
  ...triageActions('reports-view', [
    { keys: ['a'], action: 'archive', help: 'archive, or unarchive an archived report', hint: 'archive' },
    { keys: ['u'], action: 'undo', help: 'undo the last archive / unarchive' },
    { keys: ['p'], action: 'publish', help: 'publish (asks first)', hint: 'publish' },
    { keys: ['m'], action: 'move', help: 'move to a project by name (a new one is asked about first)', hint: 'move' },
    { keys: ['d'], action: 'delete', help: 'delete (asks first; says when force is needed)', hint: 'delete' },
    { keys: ['t'], action: 'tags', help: 'edit tags (`a, b` adds, `-a` removes)', hint: 'tags' },
    { keys: ['R'], action: 'rename', help: 'rename' },
    { keys: ['c'], action: 'comment', help: 'edit the comment' },
    { keys: ['e'], action: 'edit', help: 'edit the body in $EDITOR (drafts only)' },
    { keys: ['n'], action: 'new-report', help: 'new report (name, project, tags)', hint: 'new' },
  ]),
  ...triageActions('tasks-view', [
    { keys: ['a'], action: 'task-archive', help: 'archive tasks, or unarchive archived ones', hint: 'archive' },
    { keys: ['u'], action: 'task-undo', help: 'undo the last archive / unarchive of tasks' },
    { keys: ['t'], action: 'task-tags', help: 'edit task tags (`a, b` adds, `-a` removes)', hint: 'tags' },
    {
      keys: ['m'],
      action: 'task-move',
      help: 'move tasks to a project by name (`a/b` nests; a new one is asked about first)',
    },
    { keys: ['R'], action: 'task-rename', help: 'rename the selected task' },
    {
      keys: ['d'],
      action: 'task-delete',
      help: 'delete tasks (asks first; again, saying what force means, for one neither a draft nor archived)',
      hint: 'delete',
    },
    {
      keys: ['K'],
      action: 'abort',
      help: 'abort running tasks (asks first; tasks.stop, then they show stopped)',
      hint: 'abort',
    },
    {
      keys: ['C'],
      action: 'task-clone',
      help: 'clone the selected task under a name (Enter alone: "<name> (clone)"); the clone is selected',
      hint: 'clone',
    },
    {
      keys: ['Q'],
      action: 'task-enqueue',
      help: 'enqueue tasks: pick a queue (each shows how many wait in it); drafts, stopped and failed ones',
      hint: 'enqueue',
    },
    { keys: ['D'], action: 'task-dequeue', help: 'dequeue queued tasks: they get back the status they had' },
    {
      keys: ['e'],
      action: 'task-rerun',
      help: 'rerun with changes: edit the hyperparameters in $EDITOR, then clone with them and pick a queue',
      hint: 'rerun',
    },
  ]),
  // Reordering a queue's line is triage too: hidden with --read-only.
  ...inScopes('queues', [
    {
      keys: ['['],
      action: 'queue-up',
      help: 'move the waiting task one place up (sooner) in its queue',
      hint: 'reorder',
      hintKeys: '[/]',
      triage: true,
    },
    { keys: [']'], action: 'queue-down', help: 'move the waiting task one place down', triage: true },
    { keys: ['{'], action: 'queue-top', help: 'move the waiting task to the front of its queue', triage: true },
    { keys: ['}'], action: 'queue-bottom', help: 'move the waiting task to the back of its queue', triage: true },
    {
      keys: ['d'],
      action: 'queue-remove',
      help: 'take the waiting task out of its queue (asks first)',
      hint: 'remove',
      triage: true,
    },
  ]),
  ...MODAL_BINDINGS,
];
