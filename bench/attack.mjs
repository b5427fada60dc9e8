// Attack benchmark: latency of a cheap call (projects.get_all_ex, one item, Bearer token) while
// other clients run the expensive requests of issue 11 against the same server.
//
// Run after a build (it imports the compiled server from dist/):
//   npm run build && node bench/attack.mjs [seconds-per-attack]
//
// Prints the cheap call's median and p95 with no attack, then under each attack:
//   * regex: 2 clients filter 500 task names with a catastrophically backtracking pattern;
//   * only_fields: 1 client asks for 500 tasks with a 2 MB only_fields list;
//   * wrong-secret: 4 clients send Basic auth with a valid access key and a wrong secret.
// Targets: median <= 50 ms under each attack, <= 20 ms under the wrong-secret storm.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch } from 'undici';
import { startServer } from '../dist/server/index.js';

const ACCESS_KEY = 'BENCHACCESSKEY000000';
const SECRET_KEY = 'bench-secret-key-0123456789abcdefghijklmnopqrstuvwxyz';
const SECONDS = Number(process.argv[2] ?? 3);

const dir = mkdtempSync(join(tmpdir(), 'tracktop-attack-'));
const server = await startServer({
  dbPath: join(dir, 'attack.db'),
  accessKey: ACCESS_KEY,
  secretKey: SECRET_KEY,
  log: (line) => process.stderr.write(`${line}\n`),
});
const basic = (key, secret) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

async function call(endpoint, body, authorization, dispatcher) {
  const res = await fetch(`${server.url}/${endpoint}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    dispatcher,
  });
  const text = await res.text();
  return { status: res.status, text };
}

const login = await call('auth.login', {}, basic(ACCESS_KEY, SECRET_KEY));
const bearer = `Bearer ${JSON.parse(login.text).data.token}`;
const project = JSON.parse((await call('projects.create', { name: 'attack', description: '' }, bearer)).text).data.id;
// Names that make `^(a|aa)+$` backtrack exponentially in a backtracking engine.
for (let i = 0; i < 500; i++)
  await call('tasks.create', { name: `${'a'.repeat(28)}!${i}`, type: 'training', project }, bearer);

const cheapAgent = new Agent({ connections: 1 });
async function measureCheap(ms) {
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
}

async function underAttack(clients, request) {
  let stop = false;
  const statuses = new Map();
  const attackers = Array.from({ length: clients }, async () => {
    const agent = new Agent({ connections: 1 });
    while (!stop) {
      const r = await request(agent).catch((err) => ({ status: err.cause?.code ?? String(err) }));
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
    await agent.close();
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const result = await measureCheap(SECONDS * 1000);
  stop = true;
  await Promise.all(attackers);
  return { ...result, attacker: Object.fromEntries(statuses) };
}

const onlyFields = Array.from({ length: 100_000 }, (_, i) => `field_number_${String(i).padStart(6, '0')}`);
const attacks = {
  none: () => measureCheap(SECONDS * 1000),
  regex: () =>
    underAttack(2, (agent) =>
      call('tasks.get_all_ex', { name: '^(a|aa)+$', page_size: 500, only_fields: ['id'] }, bearer, agent),
    ),
  only_fields: () =>
    underAttack(1, (agent) => call('tasks.get_all_ex', { page_size: 500, only_fields: onlyFields }, bearer, agent)),
  'wrong-secret': () =>
    underAttack(4, (agent) => call('projects.get_all_ex', { page_size: 1 }, basic(ACCESS_KEY, 'wrong'), agent)),
};

console.log(`cheap call: projects.get_all_ex {page_size: 1}, ${SECONDS} s per attack`);
for (const [name, run] of Object.entries(attacks)) {
  const r = await run();
  const attacker = r.attacker ? ` attacker answers ${JSON.stringify(r.attacker)}` : '';
  console.log(
    `${name.padEnd(13)} median ${r.median.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  (${r.n} calls)${attacker}`,
  );
}
await cheapAgent.close();
await server.close();
rmSync(dir, { recursive: true, force: true });
