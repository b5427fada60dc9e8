// Attack benchmark: latency of a cheap call (projects.get_all_ex, one item, Bearer token) while
// other clients run expensive requests (huge regexes, projections, scans) against the same server.
//
// Run after a build (it imports the compiled server from dist/):
//   npm run build && node bench/attack.mjs [seconds-per-attack]
// or as the `attack` group of `npm run bench` (figures(ctx) below).
//
// Prints the cheap call's median and p95 with no attack, then under each attack:
//   * regex: 2 clients filter 500 task names with a catastrophically backtracking pattern;
//   * only_fields: 1 client asks for 500 tasks with a 2 MB only_fields list;
//   * wrong-secret: 4 clients send Basic auth with a valid access key and a wrong secret.
// Targets: median <= 50 ms under each attack, <= 20 ms under the wrong-secret storm.
// Then the hostile and fault figures of bench/lib/hardening.mjs: log pages of one timestamp,
// the owner's login during a storm, revoked keys, a second server, 16 large uploads, 1,100 idle
// sockets, and the 8-writer ingest with the monitor watching (`node bench/attack.mjs 30
// --ingest-only DIST` measures that one alone on another build's dist/ and its monitor).
// Last, 50 slow readers of the largest log page (bench/lib/slow-readers.mjs; `node
// bench/attack.mjs N --slow-readers-only DIST` runs that one alone with N readers).
// The server runs in a child process and the attackers in a worker thread, so the client-side
// work of the attack (serializing 2 MB bodies) does not count as server time.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { Agent, fetch } from 'undici';
import { row } from './lib/table.mjs';
import { hardeningFigures, ingest } from './lib/hardening.mjs';
import { slowReaders } from './lib/slow-readers.mjs';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));

const ACCESS_KEY = 'BENCHACCESSKEY000000';
const SECRET_KEY = 'bench-secret-key-0123456789abcdefghijklmnopqrstuvwxyz';

const role = process.argv[2] === '--serve' ? 'server' : isMainThread ? 'main' : 'attacker';

if (role === 'server') {
  const { startServer } = await import('../dist/server/index.js');
  const server = await startServer({
    dbPath: process.argv[3],
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.send({ url: server.url });
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
}
const basic = (key, secret) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

let baseUrl = workerData?.url;

async function call(endpoint, body, authorization, dispatcher) {
  const res = await fetch(`${baseUrl}/${endpoint}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    dispatcher,
  });
  const text = await res.text();
  return { status: res.status, text };
}

const onlyFieldsBody = JSON.stringify({
  page_size: 500,
  only_fields: Array.from({ length: 100_000 }, (_, i) => `field_number_${String(i).padStart(6, '0')}`),
});
const attacks = {
  regex: {
    clients: 2,
    request: (bearer, agent) =>
      call('tasks.get_all_ex', { name: '^(a|aa)+$', page_size: 500, only_fields: ['id'] }, bearer, agent),
  },
  only_fields: { clients: 1, request: (bearer, agent) => call('tasks.get_all_ex', onlyFieldsBody, bearer, agent) },
  'wrong-secret': {
    clients: 4,
    request: (_bearer, agent) => call('projects.get_all_ex', { page_size: 1 }, basic(ACCESS_KEY, 'wrong'), agent),
  },
};

if (role === 'attacker') {
  const { name, bearer } = workerData;
  const { clients, request } = attacks[name];
  let stop = false;
  parentPort.on('message', () => (stop = true));
  const statuses = new Map();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const agent = new Agent({ connections: 1 });
      while (!stop) {
        const r = await request(bearer, agent).catch((err) => ({ status: err.cause?.code ?? String(err) }));
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
      await agent.close();
    }),
  );
  parentPort.postMessage(Object.fromEntries(statuses));
}

/** The cheap call's median and p95 with no attack and under each attack, `seconds` each. */
async function measureAttacks(seconds) {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-attack-'));
  const child = fork(new URL(import.meta.url).pathname, ['--serve', join(dir, 'attack.db')], { stdio: 'inherit' });
  baseUrl = (await new Promise((resolve) => child.once('message', resolve))).url;

  const login = await call('auth.login', {}, basic(ACCESS_KEY, SECRET_KEY));
  const bearer = `Bearer ${JSON.parse(login.text).data.token}`;
  const project = JSON.parse((await call('projects.create', { name: 'attack', description: '' }, bearer)).text).data.id;
  // Names that make `^(a|aa)+$` backtrack exponentially in a backtracking engine.
  for (let i = 0; i < 500; i++)
    await call('tasks.create', { name: `${'a'.repeat(28)}!${i}`, type: 'training', project }, bearer);

  const cheapAgent = new Agent({ connections: 1 });
  const measureCheap = async (ms) => {
    const times = [];
    const until = performance.now() + ms;
    while (performance.now() < until) {
      const t0 = performance.now();
      const r = await call('projects.get_all_ex', { page_size: 1 }, bearer, cheapAgent);
      if (r.status !== 200) throw new Error(`cheap call answered ${r.status}: ${r.text.slice(0, 200)}`);
      times.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    return { median: at(0.5), p95: at(0.95), n: times.length };
  };
  const underAttack = async (name) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { name, bearer, url: baseUrl } });
    const answers = new Promise((resolve) => worker.once('message', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const result = await measureCheap(seconds * 1000);
    worker.postMessage('stop');
    const attacker = await answers;
    await worker.terminate();
    return { ...result, attacker };
  };

  const results = [];
  try {
    for (const name of ['none', ...Object.keys(attacks)])
      results.push({ name, ...(name === 'none' ? await measureCheap(seconds * 1000) : await underAttack(name)) });
  } finally {
    await cheapAgent.close();
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** Goal for the cheap call's median under each attack (ms). */
const GOAL_MS = { none: 50, regex: 50, only_fields: 50, 'wrong-secret': 20 };

/** The `attack` group of bench/run.mjs: one row per attack (fewer seconds each with --quick). */
export async function figures(ctx) {
  const seconds = ctx.runs(3) === 1 ? 2 : 3;
  const hardening = await hardeningFigures(DIST, ctx.runs(3) === 1 ? 10 : 30);
  const attacks = (await measureAttacks(seconds)).map((r) =>
    row({
      figure: `cheap call under attack: ${r.name} (ms, median of ${r.n} in ${seconds} s)`,
      goal: `<= ${GOAL_MS[r.name]}`,
      measured: `${r.median.toFixed(1)} (p95 ${r.p95.toFixed(1)})`,
      ok: r.median <= GOAL_MS[r.name],
    }),
  );
  return [...attacks, ...hardening, ...(await slowReaders(DIST))];
}

if (
  role === 'main' &&
  process.argv[1] === fileURLToPath(import.meta.url) &&
  process.argv[3] === '--slow-readers-only'
) {
  for (const r of await slowReaders(process.argv[4] ?? DIST, Number(process.argv[2] ?? 50)))
    console.log(`${r.ok.padEnd(6)} ${r.figure}: ${r.measured} (goal ${r.goal})`);
} else if (
  role === 'main' &&
  process.argv[1] === fileURLToPath(import.meta.url) &&
  process.argv[3] === '--ingest-only'
) {
  const seconds = Number(process.argv[2] ?? 30);
  const r = await ingest(process.argv[4] ?? DIST, seconds);
  console.log(`8-writer ingest, ${seconds} s: ${r.rate.toFixed(0)} events/s, ${r.errors} errors, ${r.lost} lost`);
  const m = r.monitor;
  console.log(
    `monitor watching: ${m.running ? 'running' : 'gone'}, ${m.cpuSeconds.toFixed(1)} CPU s, peak RSS ${m.peakRssMb.toFixed(0)} MB`,
  );
} else if (role === 'main' && process.argv[1] === fileURLToPath(import.meta.url)) {
  const seconds = Number(process.argv[2] ?? 3);
  console.log(`cheap call: projects.get_all_ex {page_size: 1}, ${seconds} s per attack`);
  for (const r of await measureAttacks(seconds)) {
    const attacker = r.attacker ? ` attacker answers ${JSON.stringify(r.attacker)}` : '';
    console.log(
      `${r.name.padEnd(13)} median ${r.median.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  (${r.n} calls)${attacker}`,
    );
  }
  for (const r of [...(await hardeningFigures(DIST, 30)), ...(await slowReaders(DIST))])
    console.log(`${r.ok.padEnd(6)} ${r.figure}: ${r.measured} (goal ${r.goal})`);
}
