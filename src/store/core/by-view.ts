// Actions bound in both views (the triage keys, the pickers): each runs the version of the
// view it is pressed in. Dialogs belong to the view they were opened in, and no key changes
// the view while one is open, so their submit follows the view too.
import type { StoreContext } from '../context.js';

type Fn = (...args: never[]) => unknown;

/** `reports`' actions, each replaced by one that runs `tasks`' version in the Tasks view when it has one. */
export function byView<A extends object>(ctx: StoreContext, reports: A, tasks: Partial<A>): A {
  const out: Record<string, Fn> = { ...(reports as Record<string, Fn>) };
  for (const [key, taskFn] of Object.entries(tasks) as [string, Fn][]) {
    const reportFn = (reports as Record<string, Fn>)[key] as Fn;
    out[key] = (...args: never[]) => (ctx.get().ui.view === 'tasks' ? taskFn(...args) : reportFn(...args));
  }
  return out as A;
}
