// A cheap call stays cheap while another client attacks with the requests that used to block
// the server's one thread: a catastrophic regex, a huge only_fields list, a wrong-secret storm.
// Bounded in count and time; the bounds are generous (the precise figures come from
// bench/attack.mjs, where the server runs in its own process).
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, startApi, type Api } from '../helpers/http.js';

const ATTACK_MS = 1500;

let api: Api;
beforeAll(async () => {
  api = await startApi();
  const project = (await api.ok('projects.create', { name: 'attack' })).id;
  // Names that make `^(a|aa)+$` backtrack exponentially in a backtracking engine.
  for (let i = 0; i < 200; i++)
    await api.ok('tasks.create', { name: `${'a'.repeat(28)}!${i}`, type: 'training', project });
});
afterAll(() => api.close());

async function post(endpoint: string, body: string, authorization: string, dispatcher: Agent): Promise<number> {
  const res = await fetch(`${api.server.url}/${endpoint}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body,
    dispatcher,
  });
  await res.arrayBuffer();
  return res.status;
}

/** Median latency of a cheap call while `clients` loop on `attack`; also the attack's statuses. */
async function cheapCallUnder(clients: number, attack: (agent: Agent) => Promise<number>) {
  let stop = false;
  const statuses = new Set<number>();
  const attackers = Array.from({ length: clients }, async () => {
    const agent = new Agent({ connections: 1 });
    while (!stop) statuses.add(await attack(agent));
    await agent.close();
  });
  const cheap = new Agent({ connections: 1 });
  const times: number[] = [];
  await new Promise((r) => setTimeout(r, 100));
  const until = performance.now() + ATTACK_MS;
  while (performance.now() < until) {
    const t0 = performance.now();
    expect(await post('projects.get_all_ex', '{"page_size":1}', api.bearer, cheap)).toBe(200);
    times.push(performance.now() - t0);
  }
  stop = true;
  await Promise.all(attackers);
  await cheap.close();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] as number, statuses };
}

describe('a cheap call under attack', () => {
  it('stays fast while two clients send a catastrophic name regex', async () => {
    const body = JSON.stringify({ name: '^(a|aa)+$', page_size: 500, only_fields: ['id'] });
    const r = await cheapCallUnder(2, (agent) => post('tasks.get_all_ex', body, api.bearer, agent));
    expect(r.median).toBeLessThan(250);
    expect([...r.statuses]).toEqual([200]);
  });

  it('stays fast while a client sends a 2 MB only_fields list', async () => {
    const fields = Array.from({ length: 100_000 }, (_, i) => `field_number_${String(i).padStart(6, '0')}`);
    const body = JSON.stringify({ page_size: 500, only_fields: fields });
    const r = await cheapCallUnder(1, (agent) => post('tasks.get_all_ex', body, api.bearer, agent));
    expect(r.median).toBeLessThan(250);
    expect([...r.statuses]).toEqual([400]);
  });

  it('stays fast while four clients send a valid access key with wrong secrets', async () => {
    const wrong = basicAuth(api.server.accessKey, 'wrong-secret');
    const r = await cheapCallUnder(4, (agent) => post('projects.get_all_ex', '{}', wrong, agent));
    expect(r.median).toBeLessThan(100);
    expect([...r.statuses].sort()).toEqual([401, 429]);
  });
});
