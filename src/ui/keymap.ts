// Keys as data: one table of bindings. The key router, the help overlay, the status bar's key
// hints and the README's key table are all generated from it.
import type { PaneName, ViewName } from '../store/types.js';
import { keyLabel, type KeyName } from './keys.js';

/** Where a binding applies: everywhere, anywhere in one view, or in one pane. */
export type Scope = 'everywhere' | 'tasks-view' | 'reports-view' | PaneName;

export type ActionId =
  | 'help'
  | 'quit'
  | 'exit'
  | 'view-tasks'
  | 'view-reports'
  | 'focus-next'
  | 'focus-prev'
  | 'focus-scalars'
  | 'focus-chart'
  | 'focus-logs'
  | 'focus-plots'
  | 'focus-summary'
  | 'focus-details'
  | 'down'
  | 'up'
  | 'top'
  | 'bottom'
  | 'page-down'
  | 'page-up'
  | 'open'
  | 'filter'
  | 'search'
  | 'search-next'
  | 'search-prev'
  | 'clear-filter'
  | 'clear-search'
  | 'refresh'
  | 'repaint'
  | 'follow'
  | 'x-axis'
  | 'smoothing'
  | 'copy-id'
  | 'archived'
  | 'status-filter'
  | 'tag-filter'
  | 'project-filter'
  | 'mark'
  | 'archive'
  | 'undo'
  | 'publish'
  | 'move'
  | 'delete'
  | 'tags'
  | 'rename'
  | 'comment'
  | 'edit'
  | 'new-report';

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

export const KEYMAP: readonly KeyBinding[] = [
  { keys: ['?'], action: 'help', scopes: ['everywhere'], help: 'help: this list of keys', hint: 'help' },
  {
    keys: ['q'],
    action: 'quit',
    scopes: ['everywhere'],
    help: 'close the dialog, prompt or help; else quit',
    hint: 'quit',
  },
  { keys: ['ctrl-c'], action: 'exit', scopes: ['everywhere'], help: 'quit at once' },
  { keys: ['1'], action: 'view-tasks', scopes: ['everywhere'], help: 'Tasks view (again: focus the task list)' },
  { keys: ['2'], action: 'view-reports', scopes: ['everywhere'], help: 'Reports view (again: focus the report list)' },
  { keys: ['tab'], action: 'focus-next', scopes: VIEWS, help: 'next pane' },
  { keys: ['shift-tab'], action: 'focus-prev', scopes: VIEWS, help: 'previous pane' },
  { keys: ['3'], action: 'focus-scalars', scopes: ['tasks-view'], help: 'focus the scalars pane' },
  { keys: ['4'], action: 'focus-chart', scopes: ['tasks-view'], help: 'focus the chart pane' },
  { keys: ['5'], action: 'focus-logs', scopes: ['tasks-view'], help: 'focus the logs pane' },
  { keys: ['6'], action: 'focus-plots', scopes: ['tasks-view'], help: 'focus the plots and debug images pane' },
  { keys: ['7'], action: 'focus-summary', scopes: ['tasks-view'], help: 'focus the summary (single values) pane' },
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
  { keys: ['A'], action: 'archived', scopes: VIEWS, help: 'show / hide archived tasks or reports', hint: 'archived' },
  {
    keys: ['y'],
    action: 'copy-id',
    scopes: ['tasks', 'reports', 'details'],
    help: 'copy the selected id to the clipboard (OSC 52)',
    hint: 'copy id',
  },
  {
    keys: ['/'],
    action: 'search',
    scopes: ['logs'],
    help: 'search the log; older pages are fetched until found',
    hint: 'search',
  },
  { keys: ['n'], action: 'search-next', scopes: ['logs'], help: 'next match (older)', hint: 'match', hintKeys: 'n/N' },
  { keys: ['N'], action: 'search-prev', scopes: ['logs'], help: 'previous match (newer)' },
  { keys: ['esc'], action: 'clear-search', scopes: ['logs'], help: 'stop a running search, else clear it' },
  {
    keys: ['f'],
    action: 'follow',
    scopes: ['logs'],
    help: 'follow new lines on/off (on when at the bottom)',
    hint: 'follow',
  },
  { keys: ['x'], action: 'x-axis', scopes: ['chart', 'scalars'], help: 'x-axis: iteration / time', hint: 'x-axis' },
  {
    keys: ['s'],
    action: 'smoothing',
    scopes: ['chart', 'scalars'],
    help: 'smoothing: cycle off and EMA weights',
    hint: 'smooth',
  },
  { keys: ['r'], action: 'refresh', scopes: ['everywhere'], help: 'refresh now' },
  { keys: ['ctrl-l'], action: 'repaint', scopes: ['everywhere'], help: 'repaint the whole screen' },
  {
    keys: ['space'],
    action: 'mark',
    scopes: ['reports-view'],
    help: 'mark / unmark the report for a bulk action',
    hint: 'mark',
    triage: true,
  },
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
];

export interface KeyContext {
  view: ViewName;
  pane: PaneName;
  readOnly: boolean;
}

/** 0 everywhere, 1 the whole view, 2 the focused pane; -1 when the scope does not apply. */
function specificity(scope: Scope, ctx: KeyContext): number {
  if (scope === 'everywhere') return 0;
  if (scope === `${ctx.view}-view`) return 1;
  return scope === ctx.pane ? 2 : -1;
}

function bindingSpecificity(binding: KeyBinding, ctx: KeyContext): number {
  return Math.max(...binding.scopes.map((s) => specificity(s, ctx)));
}

function available(binding: KeyBinding, readOnly: boolean): boolean {
  return !(readOnly && binding.triage === true);
}

/** The binding a key triggers in this context (the most specific scope wins), if any. */
export function resolveKey(
  name: KeyName,
  ctx: KeyContext,
  keymap: readonly KeyBinding[] = KEYMAP,
): KeyBinding | undefined {
  let best: KeyBinding | undefined;
  let bestRank = -1;
  for (const binding of keymap) {
    if (!binding.keys.includes(name) || !available(binding, ctx.readOnly)) continue;
    const rank = bindingSpecificity(binding, ctx);
    if (rank > bestRank) {
      best = binding;
      bestRank = rank;
    }
  }
  return best;
}

export interface KeyHint {
  keys: string;
  label: string;
}

function keysText(binding: KeyBinding): string {
  return binding.keys.map(keyLabel).join(' ');
}

/**
 * The key hints for the status bar: the focused pane's own keys first, then its view's, then
 * help and quit. Only bindings with a hint, and only those that are the ones the key triggers.
 */
export function keyHints(ctx: KeyContext, keymap: readonly KeyBinding[] = KEYMAP): KeyHint[] {
  const shown = keymap.filter((b) => b.hint !== undefined && available(b, ctx.readOnly));
  const hints: KeyHint[] = [];
  for (const rank of [2, 1, 0]) {
    for (const binding of shown) {
      if (bindingSpecificity(binding, ctx) !== rank) continue;
      const key = binding.keys[0];
      if (key === undefined || resolveKey(key, ctx, keymap) !== binding) continue;
      hints.push({ keys: binding.hintKeys ?? keyLabel(key), label: binding.hint as string });
    }
  }
  return hints;
}

const SCOPE_LABELS: Record<Scope, string> = {
  everywhere: 'everywhere',
  'tasks-view': 'Tasks view',
  'reports-view': 'Reports view',
  tasks: 'task list',
  scalars: 'scalars',
  chart: 'chart',
  logs: 'logs',
  plots: 'plots',
  summary: 'summary',
  reports: 'report list',
  details: 'report details',
};

export function scopesLabel(scopes: readonly Scope[]): string {
  if (scopes.length === 2 && scopes.includes('tasks-view') && scopes.includes('reports-view')) return 'both views';
  return scopes.map((s) => SCOPE_LABELS[s]).join(', ');
}

export interface HelpSection {
  title: string;
  rows: { keys: string; help: string }[];
}

/** The help overlay's content: bindings grouped by where they apply, in table order. */
export function helpSections(readOnly: boolean, keymap: readonly KeyBinding[] = KEYMAP): HelpSection[] {
  const sections: HelpSection[] = [];
  const byTitle = new Map<string, HelpSection>();
  for (const binding of keymap) {
    if (!available(binding, readOnly)) continue;
    const title = scopesLabel(binding.scopes);
    let section = byTitle.get(title);
    if (section === undefined) {
      section = { title, rows: [] };
      byTitle.set(title, section);
      sections.push(section);
    }
    section.rows.push({ keys: keysText(binding), help: binding.help });
  }
  return sections;
}

function markdownCell(text: string): string {
  return text.replaceAll('|', '\\|');
}

function markdownKeys(binding: KeyBinding): string {
  return binding.keys.map((k) => (k === '`' ? '`` ` ``' : `\`${keyLabel(k)}\``)).join(' / ');
}

/** The key table for the README, as a Markdown table. */
export function keysMarkdown(keymap: readonly KeyBinding[] = KEYMAP): string {
  const lines = ['| key | where | action |', '|---|---|---|'];
  for (const binding of keymap) {
    const help = binding.triage === true ? `${binding.help} (not with \`--read-only\`)` : binding.help;
    lines.push(
      `| ${markdownCell(markdownKeys(binding))} | ${markdownCell(scopesLabel(binding.scopes))} | ${markdownCell(help)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
