// Drives a monitor store as the terminal UI does, against the embedded server: keys go through
// the one key router (src/ui/keys/router.ts), the layout is computed and told to the store as
// App.tsx does after every key and resize (src/ui/layout.ts, src/ui/store-layout.ts), and
// `settle` waits until the store has nothing in flight and nothing due soon. Ink itself is not
// rendered (too costly for thousands of steps); every read of the store's state goes through
// model-observe.ts. Tasks write data that tells them apart: scalars of metric `loss` with
// their own name as the variant, log lines starting with their name.
import { handleKey, type UiEffects } from '../../src/ui/keys/router.js';
import type { KeyName } from '../../src/ui/keys/key-names.js';
import {
  computeLayout,
  MIN_COLS,
  MIN_ROWS,
  DEFAULT_BOTTOM_PANE,
  DEFAULT_TOP_PANE,
  slotPane,
  type BottomSlotPane,
  type TopSlotPane,
} from '../../src/ui/layout.js';
import { applyLayoutToStore, storeLayoutOf } from '../../src/ui/store-layout.js';
import type { StoreDeps } from '../../src/store/index.js';
import type { MonitorState } from '../../src/store/types.js';
import type { EventInput } from '../../src/wire/events.js';
import { createTask, monitorFixture, type MonitorFixture } from './store-fixture.js';
import { countInFlight } from './in-flight.js';
import { waitFor } from './timers.js';
import { layoutInput, listLoaded, listedTasks } from './model-observe.js';

const effects: UiEffects = {
  quit: () => undefined,
  repaint: () => undefined,
  copy: () => undefined,
  editBody: () => undefined,
  scrollHelp: () => undefined,
};

export interface DriverOptions {
  /** Task names, created in this order (the newest, last, is listed first). */
  tasks: string[];
  /** Log lines each task starts with. Default 40. */
  logLines?: number;
  cols?: number;
  rows?: number;
  intervalMs?: number;
  deps?: Partial<StoreDeps>;
}

export interface Driver {
  fx: MonitorFixture;
  /** Task ids by name. */
  ids: Record<string, string>;
  names: Record<string, string>;
  state(): MonitorState;
  /** Presses keys one after another through the key router, laying out after each. */
  press(...keys: KeyName[]): void;
  resize(cols: number, rows: number): void;
  size(): { cols: number; rows: number };
  /** Waits (bounded) until no request is in flight and no timer is due before the next poll. */
  settle(what?: string, timeoutMs?: number): Promise<void>;
  /** Waits until a task list poll sent after this call is answered, then settles. */
  nextPoll(what?: string): Promise<void>;
  /** Creates another running task with its first scalar and log lines (as openDriver's). */
  spawn(name: string): Promise<void>;
  /** Writes `count` more log lines to a task (`<name> line N`). */
  log(name: string, count: number): Promise<void>;
  /** The log lines of a task the server has acknowledged (its newest line's number). */
  written(name: string): number;
  /** Writes one more scalar value to a task. */
  scalar(name: string): Promise<void>;
  close(): Promise<void>;
}

let clock = Date.UTC(2026, 0, 1);

export async function openDriver(opts: DriverOptions): Promise<Driver> {
  const intervalMs = opts.intervalMs ?? 120;
  const fx = await monitorFixture({ intervalMs });
  const counter = countInFlight(fx.client);
  const ids: Record<string, string> = {};
  const names: Record<string, string> = {};
  const lines: Record<string, number> = {};
  /** Log lines the server acknowledged, per task (the highest line number). */
  const written: Record<string, number> = {};
  const iters: Record<string, number> = {};

  const log = async (name: string, count: number): Promise<void> => {
    const task = ids[name] as string;
    const events: EventInput[] = [];
    for (let i = 0; i < count; i++) {
      lines[name] = (lines[name] ?? 0) + 1;
      events.push({ type: 'log', task, msg: `${name} line ${lines[name]}`, level: 'info', timestamp: (clock += 10) });
    }
    if (events.length === 0) return;
    const last = lines[name] as number;
    await fx.writer.events.addBatch(events);
    written[name] = Math.max(written[name] ?? 0, last);
  };
  const scalar = async (name: string): Promise<void> => {
    const task = ids[name] as string;
    const iter = (iters[name] = (iters[name] ?? -1) + 1);
    await fx.writer.events.addBatch([
      {
        type: 'training_stats_scalar',
        task,
        metric: 'loss',
        variant: name,
        iter,
        value: 1 / (iter + 1),
        timestamp: (clock += 10),
      },
    ]);
  };

  const spawn = async (name: string): Promise<void> => {
    const id = await createTask(fx.writer, name);
    ids[name] = id;
    names[id] = name;
    await scalar(name);
    await log(name, opts.logLines ?? 40);
  };
  for (const name of opts.tasks) await spawn(name);

  let cols = opts.cols ?? 120;
  let rows = opts.rows ?? 30;
  let topSlot: TopSlotPane = DEFAULT_TOP_PANE;
  let bottomSlot: BottomSlotPane = DEFAULT_BOTTOM_PANE;
  const store = fx.renew({ client: counter.client, ...opts.deps, cols, rows });
  // What App.tsx does on every render: the slots remember their last pane, the store hears the layout.
  const layOut = (): void => {
    const { view, focused, zoomed } = layoutInput(fx.state());
    topSlot = slotPane(focused, 'top', topSlot);
    bottomSlot = slotPane(focused, 'bottom', bottomSlot);
    const layout = computeLayout({ cols, rows, view, focused, topPane: topSlot, bottomPane: bottomSlot, zoomed });
    fx.store.getState().actions.setTerminalSize(cols, rows);
    applyLayoutToStore(fx.store, storeLayoutOf(layout));
  };
  layOut();
  store.getState().actions.start();
  await fx.until((s) => listLoaded(s) && listedTasks(s).length === opts.tasks.length, 'the task list');

  const driver: Driver = {
    fx,
    ids,
    names,
    state: () => fx.state(),
    press(...keys) {
      const tooSmall = cols < MIN_COLS || rows < MIN_ROWS;
      for (const key of keys) {
        handleKey(key, { store: fx.store, effects, tooSmall, helpRows: Math.max(1, rows - 4) });
        layOut();
      }
    },
    resize(c, r) {
      cols = c;
      rows = r;
      layOut();
    },
    size: () => ({ cols, rows }),
    settle: (what = 'the store to settle', timeoutMs = 8000) =>
      waitFor(
        () => counter.unsettled() === 0 && fx.timers.dueWithin(Math.floor(intervalMs / 2)) === 0,
        timeoutMs,
        what,
      ),
    async nextPoll(what = 'the next poll') {
      const calls = fx.proxy.calls;
      const from = calls.length;
      await waitFor(
        () => calls.slice(from).some((c) => c.endpoint === 'reports.get_task_data' && c.answeredAt !== undefined),
        Math.max(8000, intervalMs * 4),
        what,
      );
      await driver.settle(`the store to settle after ${what}`);
    },
    spawn,
    written: (name) => written[name] ?? 0,
    log,
    scalar,
    close: () => fx.close(),
  };
  return driver;
}
