import { describe, expect, it } from 'vitest';
import {
  helpSections,
  hintLine,
  KEYMAP,
  keyHints,
  keysMarkdown,
  MODAL_SCOPES,
  modalHints,
  resolveKey,
  type ActionId,
  type KeyContext,
  type ModalScope,
} from '../../../src/ui/keys/keymap.js';
import type { KeyName } from '../../../src/ui/keys/key-names.js';
import type { PaneName } from '../../../src/store/types.js';
import { REPORT_ACTIONS } from '../../../src/store/reports/changes.js';
import { ACTION_HANDLERS } from '../../../src/ui/keys/actions.js';

const ctx = (pane: PaneName, readOnly = false): KeyContext => ({
  view: pane === 'reports' || pane === 'details' ? 'reports' : 'tasks',
  pane,
  readOnly,
});

describe('keymap defaults (docs/architecture.md "Keys")', () => {
  const cases: [string, PaneName, ActionId][] = [
    ['?', 'tasks', 'help'],
    ['q', 'logs', 'quit'],
    ['1', 'reports', 'view-tasks'],
    ['2', 'tasks', 'view-reports'],
    ['tab', 'tasks', 'focus-next'],
    ['shift-tab', 'details', 'focus-prev'],
    ['j', 'tasks', 'down'],
    ['down', 'logs', 'down'],
    ['k', 'reports', 'up'],
    ['g', 'logs', 'top'],
    ['G', 'logs', 'bottom'],
    ['pageup', 'tasks', 'page-up'],
    ['ctrl-d', 'logs', 'page-down'],
    ['ctrl-u', 'logs', 'page-up'],
    ['enter', 'tasks', 'open'],
    ['enter', 'scalars', 'open'],
    ['enter', 'reports', 'open'],
    ['/', 'tasks', 'filter'],
    ['/', 'logs', 'search'],
    ['n', 'logs', 'search-next'],
    ['N', 'logs', 'search-prev'],
    ['esc', 'logs', 'clear-search'],
    ['esc', 'tasks', 'clear-filter'],
    ['r', 'chart', 'refresh'],
    ['ctrl-l', 'summary', 'repaint'],
    ['f', 'logs', 'follow'],
    ['x', 'chart', 'x-axis'],
    ['s', 'chart', 'smoothing'],
    ['y', 'tasks', 'copy-id'],
    ['A', 'tasks', 'archived'],
    ['A', 'reports', 'archived'],
    ['a', 'reports', 'archive'],
    ['u', 'reports', 'undo'],
    ['p', 'reports', 'publish'],
    ['m', 'reports', 'move'],
    ['d', 'reports', 'delete'],
    ['t', 'reports', 'tags'],
    ['R', 'reports', 'rename'],
    ['c', 'reports', 'comment'],
    ['e', 'details', 'edit'],
    ['n', 'reports', 'new-report'],
    ['space', 'reports', 'mark'],
    ['T', 'reports', 'tag-filter'],
    ['P', 'reports', 'project-filter'],
  ];
  it.each(cases)('%s in the %s pane is %s', (key, pane, action) => {
    expect(resolveKey(key, ctx(pane))?.action).toBe(action);
  });

  it('gives the same key different actions by pane (n: next match in logs, new report in reports)', () => {
    expect(resolveKey('n', ctx('logs'))?.action).toBe('search-next');
    expect(resolveKey('n', ctx('reports'))?.action).toBe('new-report');
    expect(resolveKey('n', ctx('tasks'))).toBeUndefined();
  });

  it('binds pane keys only in their pane', () => {
    expect(resolveKey('f', ctx('tasks'))).toBeUndefined();
    expect(resolveKey('x', ctx('logs'))).toBeUndefined();
    expect(resolveKey('c', ctx('tasks'))).toBeUndefined();
  });

  it('drops every report action with --read-only', () => {
    for (const binding of KEYMAP.filter((b) => b.triage === true)) {
      for (const key of binding.keys) expect(resolveKey(key, ctx('reports', true))?.action).not.toBe(binding.action);
    }
    expect(resolveKey('j', ctx('reports', true))?.action).toBe('down');
  });

  it('keeps the list filters (text, status, tags, project) with --read-only, in the lists only', () => {
    for (const [key, action] of [
      ['/', 'filter'],
      ['S', 'status-filter'],
      ['T', 'tag-filter'],
      ['P', 'project-filter'],
      ['esc', 'clear-filter'],
    ] as const) {
      expect(resolveKey(key, ctx('reports', true))?.action).toBe(action);
      expect(resolveKey(key, ctx('reports'))?.action).toBe(action);
    }
    for (const [key, action] of [
      ['T', 'tag-filter'],
      ['P', 'project-filter'],
      ['U', 'user-filter'],
      ['M', 'metric-columns'],
    ] as const)
      expect(resolveKey(key, ctx('tasks', true))?.action).toBe(action);
    expect(resolveKey('T', ctx('logs'))).toBeUndefined();
    expect(resolveKey('P', ctx('details'))).toBeUndefined();
  });

  it('binds the report triage keys to the task actions in the Tasks view, and K to abort, none with --read-only', () => {
    for (const [key, action] of [
      ['a', 'task-archive'],
      ['u', 'task-undo'],
      ['t', 'task-tags'],
      ['m', 'task-move'],
      ['R', 'task-rename'],
      ['d', 'task-delete'],
      ['K', 'abort'],
    ] as const) {
      expect(resolveKey(key, ctx('tasks'))?.action).toBe(action);
      expect(resolveKey(key, ctx('runinfo'))?.action).toBe(action);
      expect(resolveKey(key, ctx('tasks', true))).toBeUndefined();
    }
  });

  it('gives every key at most one binding per scope', () => {
    const seen = new Set<string>();
    for (const binding of KEYMAP) {
      for (const key of binding.keys) {
        for (const scope of binding.scopes) {
          const id = `${key}@${scope}`;
          expect(seen.has(id), `${key} bound twice in ${scope}`).toBe(false);
          seen.add(id);
        }
      }
    }
  });
});

describe('help, hints and README table come from the table', () => {
  it('lists every binding in the help, triage ones only without --read-only', () => {
    const all = helpSections(false).flatMap((s) => s.rows.map((r) => r.help));
    expect([...all].sort()).toEqual(KEYMAP.map((b) => b.help).sort());
    const readOnly = helpSections(true).flatMap((s) => s.rows.map((r) => r.help));
    expect([...readOnly].sort()).toEqual(
      KEYMAP.filter((b) => b.triage !== true)
        .map((b) => b.help)
        .sort(),
    );
  });

  it("hints the focused pane's keys first and help/quit last", () => {
    const hints = keyHints(ctx('logs'));
    expect(hints.slice(0, 3).map((h) => h.label)).toEqual(['search', 'match', 'follow']);
    expect(hints.at(-2)).toEqual({ keys: '?', label: 'help' });
    expect(hints.at(-1)).toEqual({ keys: 'q', label: 'quit' });
  });

  it('hints no report action with --read-only', () => {
    const labels = keyHints(ctx('reports', true)).map((h) => h.label);
    expect(labels).not.toContain('archive');
    expect(keyHints(ctx('reports')).map((h) => h.label)).toContain('archive');
  });

  it('renders one Markdown row per binding', () => {
    const md = keysMarkdown();
    const rows = md.trim().split('\n');
    expect(rows[0]).toBe('| key | where | action |');
    expect(rows).toHaveLength(KEYMAP.length + 2);
    expect(md).toContain('| `g` / `Home` | every view |');
    expect(md).toContain('| `a` | Reports view | archive, or unarchive an archived report (not with `--read-only`) |');
  });
});

describe('modal scopes (prompt, dialogs, pickers, help, too small)', () => {
  const inModal = (modal: ModalScope, pane: PaneName = 'reports'): KeyContext => ({ ...ctx(pane), modal });
  const cases: [string, ModalScope, ActionId | undefined][] = [
    ['enter', 'prompt', 'prompt-apply'],
    ['esc', 'prompt', 'prompt-cancel'],
    ['q', 'prompt', undefined],
    ['j', 'prompt', undefined],
    ['ctrl-u', 'prompt', 'clear-text'],
    ['y', 'confirm', 'dialog-submit'],
    ['q', 'confirm', 'dialog-cancel'],
    ['a', 'confirm', undefined],
    ['tab', 'dialog', 'dialog-complete'],
    ['q', 'dialog', undefined],
    ['backspace', 'dialog', 'delete-char'],
    ['ctrl-n', 'tag-picker', 'pick-down'],
    ['pageup', 'project-picker', 'pick-page-up'],
    ['tab', 'project-picker', 'dialog-complete'],
    ['space', 'help', 'help-page-down'],
    ['?', 'help', 'help-close'],
    ['r', 'help', undefined],
    ['q', 'too-small', 'exit'],
    ['j', 'too-small', undefined],
    ['ctrl-c', 'prompt', 'exit'],
    ['ctrl-l', 'too-small', 'repaint'],
  ];
  it.each(cases)('%s in %s → %s', (key, modal, action) => {
    expect(resolveKey(key as KeyName, inModal(modal))?.action).toBe(action);
  });

  it('gives every modal a binding and lists the modal keys in the help', () => {
    for (const modal of MODAL_SCOPES) expect(KEYMAP.some((b) => b.scopes.includes(modal))).toBe(true);
    const titles = helpSections(false).map((s) => s.title);
    expect(titles).toContain('confirm dialog');
    expect(titles).toContain('help');
  });

  it('generates the dialog and picker hints from the table', () => {
    expect(hintLine(modalHints('confirm'), '    ')).toBe('y / Enter: yes    n / q / Esc: no');
    expect(hintLine(modalHints('dialog'), '    ')).toBe('Enter: ok    Tab: complete    Up/Down: choose    Esc: cancel');
    expect(modalHints('tag-picker').map((h) => h.label)).toEqual([
      'move',
      'include / exclude / off',
      'apply',
      'cancel',
    ]);
    expect(modalHints('project-picker').map((h) => h.label)).toEqual(['move', 'show this project', 'cancel']);
    expect(hintLine(modalHints('help'), ' · ', false)).toBe('j/k scroll · q close');
  });
});

describe('report actions (one list, in the store)', () => {
  it('binds a key to every report action the store names a key action for', () => {
    const bound = new Set(KEYMAP.map((b) => b.action));
    const keyed = Object.values(REPORT_ACTIONS).filter((id): id is NonNullable<typeof id> => id !== null);
    expect(keyed.length).toBeGreaterThan(0);
    for (const id of keyed) {
      expect(bound.has(id), id).toBe(true);
      expect(typeof ACTION_HANDLERS[id], id).toBe('function');
    }
  });
});
