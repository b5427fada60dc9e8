// Terminal bytes per update at 200x60: the monitor inside tmux (--interval 1) on the seeded
// server; each update adds one scalar point to one series of the selected task (the last
// series of its scalars pane, so the chart pane, which draws the first, stays put). What the
// monitor writes for that update (all frames until the screen is quiet) is compared with the
// bytes of the screen lines that changed alone (`tmux capture-pane -e` before and after: the
// new lines with their styles), the least any writer of whole lines could send.
import { median, sleep, spread } from './lib/stats.mjs';
import { row } from './lib/table.mjs';
import { monitorCommand, openTerminal } from './lib/tmux.mjs';

// Node's built-in fetch (not in the lint config's globals for scripts).
const { fetch } = globalThis;

async function api(server, token, endpoint, body, contentType = 'application/json') {
  const res = await fetch(`${server.url}/${endpoint}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const envelope = await res.json();
  if (res.status !== 200) throw new Error(`${endpoint}: ${envelope.meta?.result_msg}`);
  return envelope.data;
}

async function login(server) {
  const { accessKey, secretKey } = server.credentials;
  const res = await fetch(`${server.url}/auth.login`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${accessKey}:${secretKey}`).toString('base64')}` },
  });
  return (await res.json()).data.token;
}

export async function figures(ctx) {
  const server = await ctx.seededServer();
  const token = await login(server);
  const { tasks } = await api(server, token, 'tasks.get_all_ex', {
    order_by: ['-last_update'],
    only_fields: ['id', 'name'],
    page: 0,
    page_size: 1,
  });
  const task = tasks[0].id;
  const latest = await api(server, token, 'events.get_task_latest_scalar_values', { task });
  const metric = latest.metrics.at(-1);
  const variant = metric.variants.at(-1).name;
  let iter = (latest.last_iter ?? 0) + 1;

  const term = await openTerminal({ columns: 200, rows: 60 });
  const written = [];
  const changed = [];
  try {
    term.run(monitorCommand(ctx.root, server, ['--interval', '1']));
    await sleep(1000);
    await term.quiet(2000, 30_000);
    for (let i = 0; i < ctx.runs(6); i++) {
      const before = term.styledRows();
      const offset = term.size();
      const event = {
        task,
        type: 'training_stats_scalar',
        metric: metric.name,
        variant,
        iter,
        value: Math.random(),
        timestamp: Date.now(),
      };
      await api(server, token, 'events.add_batch', `${JSON.stringify(event)}\n`, 'application/json-lines');
      iter += 1;
      await term.waitFor(offset, () => true, 5000, 20);
      await term.quiet(700);
      const after = term.styledRows();
      written.push(term.size() - offset);
      changed.push(
        after.reduce((sum, line, r) => sum + (line === before[r] ? 0 : Buffer.byteLength(line, 'latin1')), 0),
      );
    }
    term.key('q');
    await sleep(300);
  } finally {
    term.close();
  }
  return [
    row({
      figure: 'bytes written per update, one series moves, 200x60',
      goal: '<= 1500',
      measured: spread(written),
      ok: median(written) <= 1500,
      ratio: `${(median(written) / median(changed)).toFixed(1)}x the changed lines (${median(changed).toFixed(0)} B)`,
    }),
  ];
}
