#!/usr/bin/env node
// Monitor cost benchmark: runs the built monitor inside tmux against the embedded server
// holding seeded demo data with NO live runs, and prints
//   - time from exec to the first frame,
//   - terminal bytes written per minute while nothing changes (target 0),
//   - CPU seconds used by the monitor in that idle window (target <= 0.2 % of a core), after a
//     settling period that holds the first loads and V8's one-off "memory reducer" collections
//     (three mark-compacts, ~50 ms, about 8 s after start-up; `--trace-gc` shows them); the
//     settling period's own CPU is printed too,
//   - keypress-to-frame latency (tmux send-keys to the first byte of output), keys 0.6 s apart.
// Usage: npm run build && node bench/monitor.mjs [--idle-seconds 60] [--settle-seconds 30] [--keys 20]
// Needs tmux. Numbers include tmux's own relay time (a few ms).
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The server runs in a child process: its work (histograms for a newly selected task) must
// not delay this process's measuring loop and inflate the latencies.
if (process.argv[2] === '--serve-seeded') {
  const { startServer } = await import(join(root, 'dist/server/index.js'));
  const { seedDemo } = await import(join(root, 'dist/demo/index.js'));
  const { createClient } = await import(join(root, 'dist/api/index.js'));
  const server = await startServer({ dbPath: join(process.argv[3], 'bench.db'), port: 0, log: () => {} });
  const seedClient = createClient({ apiHost: server.url, ...server.credentials });
  await seedDemo(seedClient, { baseUrl: server.url, bigLogLines: 5000 });
  await seedClient.close();
  process.send({ url: server.url, credentials: server.credentials });
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
} else {
  await bench();
}

async function bench() {
  const { values } = parseArgs({
    options: {
      'idle-seconds': { type: 'string', default: '60' },
      'settle-seconds': { type: 'string', default: '30' },
      keys: { type: 'string', default: '20' },
    },
  });
  const idleSeconds = Number(values['idle-seconds']);
  const settleSeconds = Number(values['settle-seconds']);
  const keyCount = Number(values.keys);
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-bench-'));
  const child = fork(fileURLToPath(import.meta.url), ['--serve-seeded', dir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const server = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`seeded server exited with code ${code}`)));
  });

  const socket = join(dir, 'tmux.sock');
  const raw = join(dir, 'raw.log');
  const tmux = (...args) => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8' });
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const size = () => (existsSync(raw) ? statSync(raw).size : 0);

  function cpuSeconds(pid) {
    // utime + stime of the process, in clock ticks (100 per second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  }

  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

  try {
    tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'bench', '-x', '120', '-y', '40', 'sh');
    tmux('set-option', '-s', 'escape-time', '10');
    tmux('pipe-pane', '-o', '-t', 'bench', `cat >> ${raw}`);
    await sleep(200);
    const before = size();
    const cmd = [
      'exec env CI=false TERM=xterm-256color node',
      join(root, 'bin/tracktop.js'),
      '--api-host',
      server.url,
      '--access-key',
      server.credentials.accessKey,
      '--secret-key',
      server.credentials.secretKey,
      '--interval',
      '5',
    ].join(' ');
    const t0 = performance.now();
    tmux('send-keys', '-t', 'bench', '-l', cmd);
    tmux('send-keys', '-t', 'bench', 'Enter');
    // First frame: the first task name of the seeded data is on screen.
    let firstFrameMs = NaN;
    for (let i = 0; i < 3000; i++) {
      if (size() > before && readFileSync(raw, 'latin1').includes('resnet')) {
        firstFrameMs = performance.now() - t0;
        break;
      }
      await sleep(5);
    }
    const pid = Number(tmux('display-message', '-p', '-t', 'bench', '#{pane_pid}').trim());

    // Let the first loads of every pane finish and start-up garbage be collected, then measure
    // a quiet window.
    const settleCpu0 = cpuSeconds(pid);
    await sleep(settleSeconds * 1000);
    const settleCpu = cpuSeconds(pid) - settleCpu0;
    const idleBytes0 = size();
    const cpu0 = cpuSeconds(pid);
    await sleep(idleSeconds * 1000);
    const idleBytes = size() - idleBytes0;
    const cpu = cpuSeconds(pid) - cpu0;

    const latencies = [];
    for (let i = 0; i < keyCount; i++) {
      const s0 = size();
      const k0 = performance.now();
      tmux('send-keys', '-t', 'bench', i % 2 === 0 ? 'j' : 'k');
      while (size() === s0 && performance.now() - k0 < 2000) await sleep(1);
      latencies.push(performance.now() - k0);
      // Let the newly selected task's detail load and draw, so that the next key's first
      // output is the frame of that key and not a late frame of this one.
      await sleep(600);
    }

    console.log(`exec to first frame:          ${firstFrameMs.toFixed(0)} ms`);
    console.log(
      `idle bytes written:           ${idleBytes} bytes in ${idleSeconds} s (${((idleBytes * 60) / idleSeconds).toFixed(0)} bytes/min; target 0)`,
    );
    console.log(
      `settling CPU:                 ${settleCpu.toFixed(2)} s in the ${settleSeconds} s after the first frame (first loads, start-up GC)`,
    );
    console.log(
      `idle CPU:                     ${cpu.toFixed(2)} s in ${idleSeconds} s (${((cpu / idleSeconds) * 100).toFixed(3)} % of a core; target <= 0.2 %)`,
    );
    console.log(
      `keypress to frame (j/k):      median ${median(latencies).toFixed(1)} ms, p95 ${p95(latencies).toFixed(1)} ms over ${keyCount} keys`,
    );
    tmux('send-keys', '-t', 'bench', 'q');
    await sleep(500);
  } finally {
    try {
      execFileSync('tmux', ['-S', socket, 'kill-server'], { stdio: 'ignore' });
    } catch {
      // The session usually ended with the monitor; kill-server then has nothing to say.
    }
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}
