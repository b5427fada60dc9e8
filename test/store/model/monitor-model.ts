// The monitor's model: random key sequences (fast-check commands) run against the embedded
// server while every task keeps logging lines and scalars, and after every step, once the store
// has settled, the invariants the user relies on are checked:
//
// - every detail pane shows the selected task, or all show none (also right after the key);
//   with two or more marked, the compared tasks are exactly the marked ones;
// - no pane draws another task's data (series, log lines, run info);
// - nothing shown stays "loading" once nothing is in flight;
// - follow changes only on follow keys in the logs pane (or with the log's task);
// - a triage request (archive, unarchive, delete) names only tasks shown or marked, and an
//   undo only the tasks of the last archive.
//
// Keys go through the key router (test/helpers/model-driver.ts) and the store is read through
// test/helpers/model-observe.ts only. monitor-model.test.ts runs a few fixed seeds;
// bench/model-run.mjs runs it long.
import fc from 'fast-check';
import type { KeyName } from '../../../src/ui/keys/key-names.js';
import { LOG_WINDOW_LINES } from '../../../src/store/logs/fetch.js';
import { openDriver, type Driver } from '../../helpers/model-driver.js';
import {
  actionTargets,
  comparedTasks,
  DETAIL_PANES,
  followOn,
  layoutInput,
  loadingPanes,
  markedTasks,
  modalOpen,
  newLinesCount,
  openDialog,
  paneTasks,
  paneWords,
  selectedTask,
  shownPanes,
} from '../../helpers/model-observe.js';

/** The tasks at the start, and the ones that appear later (someone starts a run). */
export const FIRST_TASKS = ['tr-apple', 'tr-fig', 'tr-kiwi', 'tr-lime', 'tr-mango', 'tr-pear'];
const LATER_TASKS = ['tr-plum', 'tr-quince', 'tr-date', 'tr-guava', 'tr-olive', 'tr-peach', 'tr-melon', 'tr-cherry'];
/** Most tasks a jump picks from (by creation order, modulo those created). */
const JUMP_CHOICES = 16;

/** The name of the n-th task created (0-based): the first ones, then the later ones, numbered from the second round on. */
function taskName(n: number): string {
  if (n < FIRST_TASKS.length) return FIRST_TASKS[n] as string;
  const later = n - FIRST_TASKS.length;
  const round = Math.floor(later / LATER_TASKS.length);
  const base = LATER_TASKS[later % LATER_TASKS.length] as string;
  return round === 0 ? base : `${base}-${round + 1}`;
}
const FILTERS = ['kiwi', 'an', 'p', 'zz', 'tr-', 'e'];
const SIZES: readonly [number, number][] = [
  [120, 30],
  [140, 40],
  [100, 24],
  [80, 24],
  [60, 16],
  [50, 14],
];
/** Longest wait for the store to settle after a step: far more than a loaded machine needs. */
const SETTLE_MS = 30_000;
const TRIAGE_ENDPOINTS = ['tasks.archive_many', 'tasks.unarchive_many', 'tasks.delete_many'];

/** What the model remembers between steps (the rest is observed afresh). */
export interface Model {
  /** Ids of the last archive or unarchive sent by `a` (what `u` may reverse). */
  lastChange: string[];
  /** Tasks created so far (for `:` jumps, deleted ones too). */
  created: number;
  /** Log lines each task had written (acknowledged) when the last step settled. */
  writtenAtSettle: Record<string, number>;
  /** Log lines the watched task wrote between the last settle and the poll step's poll. */
  arrivedBeforePoll: number;
  /** Since follow went off, the log's window was moved by a jump (g, G, f): its new-lines count starts over. */
  logJumped: boolean;
}

/** How a step may change follow: not at all, only with its key (not by the polls after it), or freely. */
type FollowRule = 'none' | 'key' | 'free';

/** Keys that move up: they turn follow off at once, and nothing after them may turn it back on. */
const UPWARD = new Set<KeyName>(['k', 'pageup', 'up']);
/** Keys that move the log's window to one of its ends. */
const LOG_JUMPS = new Set<KeyName>(['g', 'G', 'f', 'home', 'end']);

function followRuleOf(keys: readonly KeyName[]): FollowRule {
  return keys.every((k) => UPWARD.has(k)) ? 'key' : 'free';
}

/** One run's moving parts: the driver, the live writers and the step log. */
export interface Real {
  d: Driver;
  steps: string[];
  /** How long each step took, key to settled (ms). */
  durations: number[];
  stopWriters(): Promise<void>;
}

/** The state a step's checks compare with. */
interface Before {
  selected: string | null;
  marked: string[];
  shown: Set<string>;
  follow: boolean;
  logsTask: string | null;
  newLines: number;
  logShown: boolean;
  windowLines: number;
  focus: string;
  calls: number;
}

class ModelViolation extends Error {}

function nameOf(r: Real, id: string | null | undefined): string {
  return id === null || id === undefined ? '(none)' : (r.d.names[id] ?? id);
}

/** The task names whose data the words are (series variants, log lines, a run-info name). */
function owners(r: Real, words: readonly string[]): string[] {
  return Object.keys(r.d.ids).filter((name) => words.some((w) => w === name || w.startsWith(`${name} `)));
}

function fail(r: Real, message: string): never {
  const recent = r.steps.slice(-20).join('\n  ');
  throw new ModelViolation(`${message}\n  steps (last ${Math.min(20, r.steps.length)}):\n  ${recent}`);
}

function snapshot(r: Real): Before {
  const s = r.d.state();
  const panes = paneTasks(s);
  return {
    selected: selectedTask(s),
    marked: [...markedTasks(s)],
    shown: new Set(DETAIL_PANES.map((p) => panes[p]).filter((id): id is string => id !== null)),
    follow: followOn(s),
    logsTask: panes.logs,
    newLines: newLinesCount(s),
    logShown: shownPanes(s).includes('logs'),
    windowLines: paneWords(s).logs.length,
    focus: layoutInput(s).focused,
    calls: r.d.fx.proxy.calls.length,
  };
}

/** Every detail pane shows the selected task (or every one none). */
function checkPanes(r: Real, when: string): void {
  const s = r.d.state();
  const selected = selectedTask(s);
  const panes = paneTasks(s);
  const off = DETAIL_PANES.filter((p) => panes[p] !== selected);
  if (off.length > 0)
    fail(
      r,
      `${when}: the list highlights ${nameOf(r, selected)} but ${off.map((p) => `${p} shows ${nameOf(r, panes[p])}`).join(', ')}`,
    );
}

/** No pane draws data of a task other than the selected one. */
function checkData(r: Real, when: string): void {
  const s = r.d.state();
  const selected = nameOf(r, selectedTask(s));
  const words = paneWords(s);
  for (const pane of ['scalars', 'chart', 'logs', 'runinfo'] as const) {
    const others = owners(r, words[pane]).filter((name) => name !== selected);
    if (others.length > 0)
      fail(r, `${when}: the ${pane} pane draws data of ${others.join(', ')} (selected: ${selected})`);
  }
}

/** Comparing, the panes compare exactly the marked tasks (in marking order). */
function checkCompare(r: Real, when: string): void {
  const s = r.d.state();
  const compared = comparedTasks(s);
  const marked = markedTasks(s);
  if (compared === null || (compared.length === marked.length && compared.every((id, i) => id === marked[i]))) return;
  const names = (ids: readonly string[]) => ids.map((id) => nameOf(r, id)).join(', ');
  fail(r, `${when}: the panes compare ${names(compared) || 'nothing'} while ${names(marked)} are marked`);
}

/** Nothing shown says "loading" with nothing in flight. */
function checkLoading(r: Real, when: string): void {
  const s = r.d.state();
  const shown = shownPanes(s);
  const stuck = loadingPanes(s).filter((p) => shown.includes(p));
  if (stuck.length > 0)
    fail(r, `${when}: with nothing in flight, ${stuck.join(', ')} still say loading (${nameOf(r, selectedTask(s))})`);
}

/** Follow changes only on follow keys, and after an upward move no poll turns it back on. */
function checkFollow(r: Real, when: string, before: Before, afterKey: boolean, rule: FollowRule): void {
  const s = r.d.state();
  const after = followOn(s);
  // With no task's log shown there is nothing to follow: the flag means nothing then.
  if (rule === 'free' || before.logsTask === null || paneTasks(s).logs !== before.logsTask) return;
  const expected = rule === 'key' ? afterKey : before.follow;
  if (after === expected) return;
  const cause = rule === 'key' ? 'by the polls after the key' : 'without a follow key';
  fail(r, `${when}: follow turned ${after ? 'on' : 'off'} ${cause} (log of ${nameOf(r, before.logsTask)})`);
}

/**
 * Scrolled back (follow off, the window not moved by a jump since), a poll counts every line
 * the task wrote before it: the "N new lines" count grows by at least the lines written
 * between the last step's settle and the poll.
 */
function checkNewLines(r: Real, m: Model, when: string, before: Before): void {
  const s = r.d.state();
  const task = before.logsTask;
  if (task === null || before.follow || followOn(s) || paneTasks(s).logs !== task) return;
  if (!before.logShown || m.logJumped || before.windowLines > LOG_WINDOW_LINES / 2) return;
  const name = nameOf(r, task);
  const arrived = m.arrivedBeforePoll;
  const grew = newLinesCount(s) - before.newLines;
  if (grew < arrived)
    fail(
      r,
      `${when}: ${arrived} lines of ${name} arrived before the poll, but "N new lines" grew by ${grew} (${before.newLines} → ${newLinesCount(s)})`,
    );
}

/** The triage requests the step sent, each checked against what was shown, marked or archived. */
function checkTriage(r: Real, m: Model, when: string, before: Before, undo: boolean): void {
  const sent = r.d.fx.proxy.calls.slice(before.calls).filter((c) => TRIAGE_ENDPOINTS.includes(c.endpoint));
  for (const call of sent) {
    const ids = (JSON.parse(call.body) as { ids?: string[] }).ids ?? [];
    const allowed = undo ? new Set(m.lastChange) : new Set([...before.marked, ...before.shown]);
    const stray = ids.filter((id) => !allowed.has(id));
    if (stray.length > 0)
      fail(
        r,
        `${when}: ${call.endpoint} named ${stray.map((id) => nameOf(r, id)).join(', ')}, ` +
          `${undo ? 'not archived by the last a' : `neither shown (${[...before.shown].map((id) => nameOf(r, id)).join(', ') || 'none'}) nor marked`}`,
      );
    if (!undo && call.endpoint !== 'tasks.delete_many') m.lastChange = ids;
  }
}

/** A step: what it does, how it may change follow, and whether it is a triage undo. */
abstract class Step implements fc.AsyncCommand<Model, Real> {
  check(): boolean {
    return true;
  }
  abstract label(): string;
  abstract act(m: Model, r: Real): Promise<void> | void;
  /** How this step may change follow (given what was focused before it). */
  followRule(_before: Before): FollowRule {
    return 'none';
  }
  /** Whether this step moves the log's window to one of its ends. */
  jumpsLog(_before: Before): boolean {
    return false;
  }
  /** Whether the step lets time pass for a poll (the new-lines count is checked after it). */
  polls = false;
  undo = false;
  async run(m: Model, r: Real): Promise<void> {
    const when = `step ${r.steps.length + 1} \`${this.label()}\``;
    r.steps.push(this.label());
    const started = performance.now();
    const before = snapshot(r);
    await this.act(m, r);
    const afterKey = followOn(r.d.state());
    checkPanes(r, `${when}, at once`);
    await r.d.settle(`the store to settle after ${when}`, SETTLE_MS);
    checkPanes(r, `${when}, settled`);
    checkData(r, `${when}, settled`);
    checkCompare(r, `${when}, settled`);
    checkLoading(r, `${when}, settled`);
    checkFollow(r, when, before, afterKey, this.followRule(before));
    if (this.polls) checkNewLines(r, m, when, before);
    checkTriage(r, m, when, before, this.undo);
    const s = r.d.state();
    if (followOn(s) || paneTasks(s).logs !== before.logsTask) m.logJumped = false;
    else if (this.jumpsLog(before)) m.logJumped = true;
    for (const name of Object.keys(r.d.ids)) m.writtenAtSettle[name] = r.d.written(name);
    r.durations.push(performance.now() - started);
  }
  toString(): string {
    return this.label();
  }
}

/** Keys pressed as they are (moves, focus, marks, zoom). */
class Keys extends Step {
  constructor(
    private readonly keys: KeyName[],
    private readonly moves = false,
  ) {
    super();
  }
  label(): string {
    return this.keys.join(' ');
  }
  act(_m: Model, r: Real): void {
    r.d.press(...this.keys);
  }
  override followRule(before: Before): FollowRule {
    return this.moves && before.focus === 'logs' ? followRuleOf(this.keys) : 'none';
  }
  override jumpsLog(before: Before): boolean {
    return this.moves && before.focus === 'logs' && this.keys.some((k) => LOG_JUMPS.has(k));
  }
}

/** A follow key in the logs pane (focused first). */
class Follow extends Step {
  constructor(private readonly key: KeyName) {
    super();
  }
  label(): string {
    return `5 ${this.key}`;
  }
  act(_m: Model, r: Real): void {
    r.d.press('6', this.key);
  }
  override followRule(): FollowRule {
    return followRuleOf([this.key]);
  }
  override jumpsLog(): boolean {
    return LOG_JUMPS.has(this.key);
  }
}

/** Before a triage key: the tasks it would act on are the marked ones, else the one the panes show. */
function checkTargets(r: Real, key: string): void {
  const s = r.d.state();
  const targets = actionTargets(s);
  const shown = paneTasks(s).runinfo;
  const marked = new Set(markedTasks(s));
  const expected = marked.size > 0 ? targets.triage.filter((id) => marked.has(id)) : shown === null ? [] : [shown];
  if (targets.triage.length === expected.length && targets.triage.every((id, i) => id === expected[i])) return;
  fail(
    r,
    `${key} would act on ${targets.triage.map((id) => nameOf(r, id)).join(', ') || 'nothing'} while the panes show ${nameOf(r, shown)}` +
      (marked.size > 0 ? ` and ${[...marked].map((id) => nameOf(r, id)).join(', ')} are marked` : ''),
  );
}

/** `a`, confirming when it asks (several tasks). */
class Archive extends Step {
  label(): string {
    return 'a (y)';
  }
  act(_m: Model, r: Real): void {
    checkTargets(r, 'a');
    r.d.press('a');
    if (openDialog(r.d.state())?.kind === 'confirm') r.d.press('y');
  }
}

/** `d`, confirming both questions (the second asks for force). */
class Delete extends Step {
  label(): string {
    return 'd y (y)';
  }
  act(_m: Model, r: Real): void {
    checkTargets(r, 'd');
    r.d.press('d');
    for (let i = 0; i < 2 && openDialog(r.d.state())?.kind === 'confirm'; i++) r.d.press('y');
  }
}

class Undo extends Step {
  override undo = true;
  label(): string {
    return 'u';
  }
  act(_m: Model, r: Real): void {
    r.d.press('u');
  }
}

/** `R` names the task the panes show; `esc` closes the dialog unchanged. */
class RenamePeek extends Step {
  label(): string {
    return 'R esc';
  }
  act(_m: Model, r: Real): void {
    const s = r.d.state();
    const shown = paneTasks(s).runinfo;
    if (actionTargets(s).rename !== shown)
      fail(r, `R would rename ${nameOf(r, actionTargets(s).rename)} while the panes show ${nameOf(r, shown)}`);
    r.d.press('R');
    const dialog = openDialog(r.d.state());
    if (dialog !== null && shown !== null && (dialog.ids.length !== 1 || dialog.ids[0] !== shown))
      fail(r, `R offers ${dialog.title} while the panes show ${nameOf(r, shown)}`);
    if (modalOpen(r.d.state())) r.d.press('esc');
  }
}

/** `/`, the text (replacing the filter's) and Enter in the task list; an empty text clears the filter (`esc`). */
class Filter extends Step {
  constructor(private readonly text: string) {
    super();
  }
  label(): string {
    return this.text === '' ? '1 esc' : `1 / ctrl-u ${this.text} enter`;
  }
  act(_m: Model, r: Real): void {
    if (this.text === '') r.d.press('1', 'esc');
    else r.d.press('1', '/', 'ctrl-u', ...[...this.text], 'enter');
  }
}

/** `:` and the start of a task's id (the n-th created, deleted or archived ones too). */
class Jump extends Step {
  constructor(private readonly nth: number) {
    super();
  }
  label(): string {
    return `: <id of task ${this.nth}> enter`;
  }
  act(m: Model, r: Real): void {
    const name = taskName(this.nth % m.created);
    r.d.press(':', ...[...(r.d.ids[name] as string).slice(0, 8)], 'enter');
  }
}

class Resize extends Step {
  constructor(private readonly size: readonly [number, number]) {
    super();
  }
  label(): string {
    return `resize ${this.size[0]}x${this.size[1]}`;
  }
  act(_m: Model, r: Real): void {
    r.d.resize(this.size[0], this.size[1]);
  }
}

/** Time passes: the next list poll (the writers keep writing meanwhile). */
class Poll extends Step {
  override polls = true;
  label(): string {
    return 'poll';
  }
  async act(m: Model, r: Real): Promise<void> {
    // The watched task logs a few lines first, so the poll has something to bring.
    const watched = paneTasks(r.d.state()).logs;
    const name = watched === null ? undefined : r.d.names[watched];
    if (name !== undefined) await r.d.log(name, 3).catch(() => undefined);
    m.arrivedBeforePoll = name === undefined ? 0 : r.d.written(name) - (m.writtenAtSettle[name] ?? r.d.written(name));
    await r.d.nextPoll();
  }
}

/** Someone starts another run: it appears at the top of the list. */
class Spawn extends Step {
  label(): string {
    return 'new task';
  }
  async act(m: Model, r: Real): Promise<void> {
    const name = taskName(m.created);
    m.created += 1;
    await r.d.spawn(name);
    await r.d.nextPoll();
  }
}

/** The steps fast-check draws from, weighted by how often a user presses them. */
export function stepArbitraries(): fc.WeightedArbitrary<Step>[] {
  const keys = (choices: KeyName[][], moves = false) => fc.constantFrom(...choices).map((k) => new Keys(k, moves));
  const weighted = (weight: number, arbitrary: fc.Arbitrary<Step>) => ({ weight, arbitrary });
  return [
    weighted(
      4,
      keys([['j'], ['k'], ['pageup'], ['pagedown'], ['g'], ['G'], ['j', 'j'], ['k', 'k', 'k', 'k', 'k']], true),
    ),
    weighted(3, keys([['1'], ['4'], ['5'], ['6'], ['7'], ['8'], ['9'], ['tab'], ['shift-tab'], ['Z']])),
    weighted(2, keys([['1', 'space'], ['1', 'space', 'j'], ['X']])),
    weighted(
      4,
      fc.constantFrom('f', 'G', 'g', 'k', 'pageup', 'j').map((k) => new Follow(k)),
    ),
    weighted(2, fc.constant(new Archive())),
    weighted(1, fc.constant(new Delete())),
    weighted(1, fc.constant(new Undo())),
    weighted(1, fc.constant(new RenamePeek())),
    weighted(
      1,
      fc.constantFrom('', ...FILTERS).map((t) => new Filter(t)),
    ),
    weighted(
      1,
      fc.nat({ max: JUMP_CHOICES - 1 }).map((n) => new Jump(n)),
    ),
    weighted(
      1,
      fc.constantFrom(...SIZES).map((s) => new Resize(s)),
    ),
    weighted(3, fc.constant(new Poll())),
    weighted(1, fc.constant(new Spawn())),
  ];
}

/**
 * Live runs: every tick the task whose log is shown writes lines and a scalar (the run being
 * watched is the one that moves), and so does one other task, in turn.
 */
function liveWriters(d: Driver, everyMs: number): () => Promise<void> {
  let stopped = false;
  let turn = 0;
  const write = (name: string) => Promise.all([d.log(name, 1 + (turn % 3)), d.scalar(name)]);
  const loop = (async () => {
    while (!stopped) {
      const names = Object.keys(d.ids);
      const other = names[turn++ % names.length] as string;
      const watched = paneTasks(d.state()).logs;
      const writes = [write(other)];
      if (watched !== null && d.names[watched] !== other) writes.push(write(d.names[watched] as string));
      // A deleted task refuses events: that is the server's business, not the model's.
      await Promise.all(writes).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

/** Starts the monitor on the first tasks, with live writers, for one run of the model. */
export async function setupRun(): Promise<{ model: Model; real: Real }> {
  const d = await openDriver({ tasks: FIRST_TASKS, logLines: 60 });
  const stopWriters = liveWriters(d, 100);
  await d.settle('the first settle');
  const writtenAtSettle = Object.fromEntries(FIRST_TASKS.map((name) => [name, d.written(name)]));
  return {
    model: { lastChange: [], created: FIRST_TASKS.length, writtenAtSettle, logJumped: false, arrivedBeforePoll: 0 },
    real: { d, steps: [], durations: [], stopWriters },
  };
}

export async function teardownRun(real: Real): Promise<void> {
  await real.stopWriters();
  await real.d.close();
}

export interface RunOptions {
  seed: number;
  /** Steps in the run. */
  steps: number;
  /** fast-check's replay path of a failure, to run only that case. */
  path?: string;
  /** Stop at the first failure instead of shrinking it (shrinking reruns the server many times). */
  endOnFailure?: boolean;
  /** Called after each run with each step's duration (all steps, or up to a violation). */
  onRun?(durations: readonly number[]): void;
}

/** Runs the model once for `seed`; throws fast-check's report (seed, path, steps) on a violation. */
export async function runModel(opts: RunOptions): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.oneof(...stepArbitraries()), { minLength: opts.steps, maxLength: opts.steps }),
      async (cmds) => {
        const { model, real } = await setupRun();
        try {
          await fc.asyncModelRun(() => ({ model, real }), cmds);
        } finally {
          opts.onRun?.(real.durations);
          await teardownRun(real);
        }
      },
    ),
    {
      seed: opts.seed,
      numRuns: 1,
      endOnFailure: opts.endOnFailure ?? true,
      ...(opts.path === undefined ? {} : { path: opts.path }),
    },
  );
}
