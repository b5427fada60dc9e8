// Slow readers of the largest answer (bench/attack.mjs runs it): a task holding 3,000 log lines
// of 20 kB (60 MB of log), and `clients` raw sockets each asking for one get_task_log page of
// batch_size 10,000, then taking its bytes at 1 byte/s (half of them take nothing after the
// first 8 KB). Meanwhile a cheap call (projects.get_all_ex, one item) runs in a loop. Returns
// the server's peak RSS, when the server closed each stalled socket, and the cheap call's p99.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { Agent, fetch } from 'undici';
import { childServer, ACCESS_KEY, SECRET_KEY } from './hardening.mjs';
import { quantile, sleep } from './stats.mjs';
import { row } from './table.mjs';

const LINES = 3000;
const LINE_CHARS = 20_000;
/** How long the slow readers are watched: a socket the server still holds then counts as never closed. */
const WATCH_MS = 45_000;
const basic = `Basic ${Buffer.from(`${ACCESS_KEY}:${SECRET_KEY}`).toString('base64')}`;

async function seed(s) {
  const task = (await s.call('tasks.create', { name: 'long lines', type: 'training' })).json.data.id;
  const line = 'x'.repeat(LINE_CHARS);
  for (let i = 0; i < LINES; i += 500) {
    const batch = Array.from({ length: 500 }, (_, k) =>
      JSON.stringify({
        type: 'log',
        task,
        timestamp: 1_700_000_000_000 + i + k,
        level: 'info',
        msg: `${i + k} ${line}`,
      }),
    );
    const r = await s.call('events.add_batch', batch.join('\n'), { contentType: 'application/json-lines' });
    if (r.status !== 200) throw new Error(`seeding answered ${r.status}: ${r.text.slice(0, 200)}`);
  }
  return task;
}

/**
 * Local ports of the server's ESTABLISHED sockets to `port` peers, from /proc/net/tcp: a
 * socket the server closed leaves that state at once, while a client that reads nothing would
 * not notice the close for as long as it does not read.
 */
function establishedPeers(port) {
  const peers = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 4 || f[3] !== '01') continue;
      if (parseInt(f[1].split(':')[1], 16) === port) peers.add(parseInt(f[2].split(':')[1], 16));
    }
  }
  return peers;
}

/**
 * One slow reader: sends the request, takes the first 8 KB, then one byte a second (`trickle`)
 * or nothing. Resolves with its socket and the time the request was sent.
 */
function slowReader(url, task, trickle) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const body = JSON.stringify({ task, batch_size: 10_000 });
    const sock = connect({ host: hostname, port: Number(port) });
    let taken = 0;
    sock.on('error', () => undefined);
    sock.on('connect', () => {
      sock.write(
        `POST /events.get_task_log HTTP/1.1\r\nhost: ${hostname}\r\nauthorization: ${basic}\r\n` +
          `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      const t0 = performance.now();
      const first = () => {
        for (let chunk; taken < 8192 && (chunk = sock.read(Math.min(1024, 8192 - taken))) !== null;)
          taken += chunk.length;
        if (taken < 8192) return;
        sock.off('readable', first);
        // read(1) takes a byte from Node's buffer, refilled from the kernel only once empty.
        const timer = trickle ? setInterval(() => sock.read(1), 1000) : undefined;
        resolve({ sock, t0, port: sock.localPort, stop: () => clearInterval(timer) });
      };
      sock.on('readable', first);
    });
  });
}

/** Ms from each reader's request to the server closing its socket (Infinity: open after WATCH_MS). */
async function closeTimes(serverPort, readers) {
  const closed = new Array(readers.length).fill(Infinity);
  const start = performance.now();
  while (closed.includes(Infinity) && performance.now() - start < WATCH_MS) {
    const open = establishedPeers(serverPort);
    readers.forEach((r, i) => {
      if (closed[i] === Infinity && !open.has(r.port)) closed[i] = performance.now() - r.t0;
    });
    await sleep(250);
  }
  for (const r of readers) {
    r.stop();
    r.sock.destroy();
  }
  return closed;
}

/** The slow-reader figures against the build at `dist`, `clients` readers. */
export async function slowReaders(dist, clients = 50) {
  const s = await childServer(dist);
  try {
    const task = await seed(s);
    let peak = s.rss();
    const sampler = setInterval(() => (peak = Math.max(peak, s.rss())), 50);
    const cheapAgent = new Agent({ connections: 1 });
    const times = [];
    let cheapFailures = 0;
    let readersDone = false;
    const cheap = (async () => {
      while (!readersDone) {
        const t0 = performance.now();
        const r = await fetch(`${s.url}/projects.get_all_ex`, {
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/json' },
          body: '{"page_size":1}',
          dispatcher: cheapAgent,
        }).then(
          async (res) => (await res.text(), res.status),
          () => 0,
        );
        if (r === 200) times.push(performance.now() - t0);
        else cheapFailures++;
        await sleep(20);
      }
    })();
    const readers = await Promise.all(Array.from({ length: clients }, (_, i) => slowReader(s.url, task, i % 2 === 0)));
    const closes = await closeTimes(Number(new URL(s.url).port), readers);
    readersDone = true;
    await cheap;
    await cheapAgent.close();
    clearInterval(sampler);
    const latest = Math.max(...closes);
    if (process.env.SLOW_READERS_DEBUG)
      console.log(
        'trickle',
        closes.filter((_, i) => i % 2 === 0).map((ms) => (ms / 1000).toFixed(1)),
        'none',
        closes.filter((_, i) => i % 2 === 1).map((ms) => (ms / 1000).toFixed(1)),
      );
    const open = closes.filter((ms) => ms === Infinity).length;
    const p99 = quantile(times, 0.99);
    return [
      row({
        figure: `${clients} slow readers (1 byte/s, half none) of a ${LINES}-line page of 20 kB lines: server peak RSS (MB)`,
        goal: '<= 400',
        measured: peak.toFixed(0),
        ok: peak <= 400,
      }),
      row({
        figure: 'the same: latest stalled socket closed by the server (s; still open after 45 s)',
        goal: '<= 25; 0',
        measured: `${open > 0 ? '> 45' : (latest / 1000).toFixed(1)}; ${open}`,
        ok: open === 0 && latest <= 25_000,
      }),
      row({
        figure: `the same: cheap call meanwhile (ms p99 of ${times.length}; failures)`,
        goal: '<= 100; 0',
        measured: `${p99?.toFixed(1)}; ${cheapFailures}`,
        ok: p99 <= 100 && cheapFailures === 0,
      }),
    ];
  } finally {
    await s.stop();
  }
}
