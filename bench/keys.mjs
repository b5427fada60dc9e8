// Keypress to frame: the monitor inside tmux (120x40) on the seeded server; keys cycle through
// moves and pane switches (j, k, Tab, 6 logs, 5 chart, 1 task list), each changing the screen.
// A key's latency runs from `tmux send-keys` to the end of the first complete frame written
// after it (DEC 2026 end marker). Before each key the screen is left quiet, so that a late
// frame of the previous key (the newly selected task's data) is not counted as this key's.
import { quantile, sleep, spread } from './lib/stats.mjs';
import { row } from './lib/table.mjs';
import { END_OF_FRAME, monitorCommand, openTerminal } from './lib/tmux.mjs';

const CYCLE = ['j', 'k', 'Tab', '6', '5', '1'];

export async function figures(ctx) {
  const server = await ctx.seededServer();
  const count = ctx.runs(100);
  const term = await openTerminal({ columns: 120, rows: 40 });
  const latencies = [];
  let missed = 0;
  try {
    const start = term.size();
    term.run(monitorCommand(ctx.root, server, ['--interval', '5']));
    await term.waitFor(start, (b) => b.includes('resnet') && b.includes(END_OF_FRAME), 15_000);
    await term.quiet(1000);
    for (let i = 0; i < count; i++) {
      await term.quiet(150);
      const offset = term.size();
      const t0 = performance.now();
      term.key(CYCLE[i % CYCLE.length]);
      const waited = await term.waitFor(offset, (b) => b.includes(END_OF_FRAME), 2000, 1);
      if (Number.isNaN(waited)) missed += 1;
      else latencies.push(performance.now() - t0);
    }
    term.key('q');
    await sleep(300);
  } finally {
    term.close();
  }
  const p50 = quantile(latencies, 0.5);
  const p99 = quantile(latencies, 0.99);
  const note = missed > 0 ? `, ${missed} keys drew no frame` : '';
  return [
    row({
      figure: `keypress to frame p50, ${CYCLE.join(' ')} (ms)`,
      goal: '<= 16',
      measured: `${spread(latencies, 1)}${note}`,
      ok: p50 <= 16,
    }),
    row({ figure: 'keypress to frame p99 (ms)', goal: '<= 50', measured: p99.toFixed(1), ok: p99 <= 50 }),
  ];
}
