// A terminal for benchmarks: a private tmux server with one pane running `sh`, whose raw
// output is recorded (pipe-pane) so a benchmark can count bytes and find frame boundaries.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from './stats.mjs';

/** Ink's end-of-frame marker: DEC 2026 synchronized output ends. */
export const END_OF_FRAME = '\u001b[?2026l';

export async function openTerminal({ columns, rows }) {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-bench-tmux-'));
  const socket = join(dir, 'tmux.sock');
  const raw = join(dir, 'raw.log');
  const tmux = (...args) => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8' });
  tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'bench', '-x', String(columns), '-y', String(rows), 'sh');
  tmux('set-option', '-s', 'escape-time', '10');
  tmux('pipe-pane', '-o', '-t', 'bench', `cat >> ${raw}`);
  await sleep(200);
  const size = () => (existsSync(raw) ? statSync(raw).size : 0);
  return {
    size,
    /** Raw bytes written from `offset` on. */
    bytesFrom(offset) {
      const fd = openSync(raw, 'r');
      try {
        const length = Math.max(0, size() - offset);
        const buf = Buffer.alloc(length);
        readSync(fd, buf, 0, length, offset);
        return buf.toString('latin1');
      } finally {
        closeSync(fd);
      }
    },
    /** Types a command line and runs it. */
    run(command) {
      tmux('send-keys', '-t', 'bench', '-l', command);
      tmux('send-keys', '-t', 'bench', 'Enter');
    },
    key(name) {
      tmux('send-keys', '-t', 'bench', name);
    },
    /** The visible screen, one string per row, with SGR attributes (`capture-pane -e`). */
    styledRows() {
      return tmux('capture-pane', '-p', '-e', '-t', 'bench').split('\n');
    },
    pid() {
      return Number(tmux('display-message', '-p', '-t', 'bench', '#{pane_pid}').trim());
    },
    /** Resolves once no byte arrived for `quietMs` (or `maxMs` passed). */
    async quiet(quietMs = 300, maxMs = 10_000) {
      const start = performance.now();
      let last = size();
      let lastChange = performance.now();
      while (performance.now() - start < maxMs) {
        await sleep(20);
        const now = size();
        if (now !== last) {
          last = now;
          lastChange = performance.now();
        } else if (performance.now() - lastChange >= quietMs) return;
      }
    },
    /** Polls until `predicate(newBytes)` holds for the bytes after `offset`; resolves the ms waited, or NaN. */
    async waitFor(offset, predicate, timeoutMs = 5000, pollMs = 2) {
      const t0 = performance.now();
      while (performance.now() - t0 < timeoutMs) {
        if (size() > offset && predicate(this.bytesFrom(offset))) return performance.now() - t0;
        await sleep(pollMs);
      }
      return NaN;
    },
    close() {
      try {
        execFileSync('tmux', ['-S', socket, 'kill-server'], { stdio: 'ignore' });
      } catch {
        // The server ended with its last pane.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The shell command that starts the built monitor of `root` on `server` (`env`: more variables). */
export function monitorCommand(root, server, extra = [], env = {}) {
  return [
    'exec env CI=false TERM=xterm-256color',
    ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
    join(root, 'bin/tracktop.js'),
    '--api-host',
    server.url,
    '--access-key',
    server.credentials.accessKey,
    '--secret-key',
    server.credentials.secretKey,
    ...extra,
  ].join(' ');
}
