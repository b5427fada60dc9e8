// Drives a real terminal: the built binary inside tmux on a private socket. Polls the screen
// until expected text appears (no fixed sleeps); keys are sent one at a time.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function tmuxAvailable(): boolean {
  return spawnSync('tmux', ['-V']).status === 0;
}

export interface TmuxSession {
  socket: string;
  name: string;
  dir: string;
  /** The visible screen, one string per row (no colours). */
  screen(): string;
  /** The visible screen with its attributes as SGR sequences (tmux `capture-pane -e`). */
  styledScreen(): string;
  sendKeys(...keys: string[]): void;
  /** Sends literal text (no key-name lookup). */
  type(text: string): void;
  resize(columns: number, rows: number): void;
  waitFor(predicate: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /** Raw bytes the program wrote (pipe-pane), for counting clears and bytes. */
  rawOutput(): string;
  paneDead(): boolean;
  kill(): void;
}

export function startTmux(
  command: string[],
  opts: { columns?: number; rows?: number; env?: Record<string, string>; cwd?: string } = {},
): TmuxSession {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-tmux-'));
  const socket = join(dir, 'sock');
  const name = 'e2e';
  const rawLog = join(dir, 'raw.log');
  const tmux = (...args: string[]): string => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8' });
  const envArgs = Object.entries({ CI: 'false', TERM: 'xterm-256color', ...opts.env }).flatMap(([k, v]) => [
    '-e',
    `${k}=${v}`,
  ]);
  tmux(
    '-f',
    '/dev/null',
    'new-session',
    '-d',
    '-s',
    name,
    '-x',
    String(opts.columns ?? 100),
    '-y',
    String(opts.rows ?? 30),
    ...envArgs,
    ...(opts.cwd ? ['-c', opts.cwd] : []),
    // A shell keeps the pane after the program exits, so the test can see the shell screen again.
    'sh',
  );
  tmux('set-option', '-t', name, 'remain-on-exit', 'on');
  tmux('set-option', '-s', 'escape-time', '10');
  tmux('pipe-pane', '-o', '-t', name, `cat >> ${rawLog}`);
  // The shell stays: after the program exits, the test sees what the shell screen shows then.
  tmux('send-keys', '-t', name, '-l', 'clear; echo shell-before-tracktop');
  tmux('send-keys', '-t', name, 'Enter');
  // Typed ahead, the next command line would be echoed by the terminal before `clear` ran, and
  // `clear` would then wipe it: wait for the marker and the prompt after it.
  waitForScreenSync(() => tmux('capture-pane', '-p', '-t', name), /^shell-before-tracktop\n[#$]/m);
  if (command.length > 0) {
    const quoted = command.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    tmux('send-keys', '-t', name, '-l', `${quoted}; echo "tracktop-exit=$?"`);
    tmux('send-keys', '-t', name, 'Enter');
  }

  const session: TmuxSession = {
    socket,
    name,
    dir,
    screen: () => tmux('capture-pane', '-p', '-t', name),
    styledScreen: () => tmux('capture-pane', '-p', '-e', '-t', name),
    sendKeys: (...keys) => {
      for (const key of keys) tmux('send-keys', '-t', name, key);
    },
    type: (text) => {
      tmux('send-keys', '-t', name, '-l', text);
    },
    resize: (columns, rows) => {
      tmux('resize-window', '-t', name, '-x', String(columns), '-y', String(rows));
    },
    waitFor: async (predicate, timeoutMs = 15_000) => {
      const test =
        typeof predicate === 'string'
          ? (s: string) => s.includes(predicate)
          : predicate instanceof RegExp
            ? (s: string) => predicate.test(s)
            : predicate;
      const deadline = Date.now() + timeoutMs;
      let last = '';
      while (Date.now() < deadline) {
        last = session.screen();
        if (test(last)) return last;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`timed out waiting for ${String(predicate)}; screen was:\n${last}`);
    },
    rawOutput: () => {
      try {
        return readFileSync(rawLog, 'latin1');
      } catch {
        return '';
      }
    },
    paneDead: () => tmux('display-message', '-p', '-t', name, '#{pane_dead}').trim() === '1',
    kill: () => {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return session;
}

/** Polls the screen until it matches, blocking (startTmux is synchronous); throws after 15 s. */
function waitForScreenSync(screen: () => string, pattern: RegExp): void {
  const deadline = Date.now() + 15_000;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let last = '';
  while (Date.now() < deadline) {
    last = screen();
    if (pattern.test(last)) return;
    Atomics.wait(pause, 0, 0, 20);
  }
  throw new Error(`the shell in tmux did not get ready; screen was:\n${last}`);
}
