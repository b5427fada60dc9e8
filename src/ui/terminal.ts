// The terminal around the Ink app: alternate screen, cursor, and restoring both on every
// exit path (q, ctrl-c, SIGTERM, SIGHUP, crash). Ink 6 has no alternate-screen option.
import type { ColorSupportLevel } from 'chalk';
import { asciiCells } from '../text/ascii-glyphs.js';

const ENTER_ALT_SCREEN = '\u001B[?1049h';
const LEAVE_ALT_SCREEN = '\u001B[?1049l';
const HIDE_CURSOR = '\u001B[?25l';
const SHOW_CURSOR = '\u001B[?25h';
const RESET_ATTRIBUTES = '\u001B[0m';
/**
 * Blank the alternate screen before leaving it: tmux reflows the alternate screen's lines
 * into the shell's screen when the window grew while it was shown, and a blank screen leaves
 * nothing behind.
 */
const BLANK_SCREEN = '\u001B[2J\u001B[H';
/** Clear screen and scrollback, cursor home: only for an explicit user repaint (ctrl-l). */
export const FULL_CLEAR = '\u001B[2J\u001B[3J\u001B[H';

export interface TerminalSession {
  /** Leaves the alternate screen and shows the cursor; safe to call more than once. */
  restore(): void;
  /** Hands the terminal to another program (an editor): normal screen, cursor shown. */
  suspend(): void;
  /** Takes the terminal back after `suspend` (the screen must then be repainted). */
  resume(): void;
}

type Writable = Pick<NodeJS.WriteStream, 'write'>;

/**
 * Enters the alternate screen and arranges for the terminal to be restored however the
 * process ends. `onSignal` runs on SIGTERM/SIGHUP/SIGINT (the terminal is restored right
 * after it) so the caller can stop pollers and exit with the conventional code.
 */
export function enterTerminal(
  stdout: Writable,
  opts: { onSignal?: (signal: NodeJS.Signals) => void; proc?: NodeJS.Process } = {},
): TerminalSession {
  const proc = opts.proc ?? process;
  let restored = false;
  const restore = (): void => {
    if (restored) return;
    restored = true;
    try {
      stdout.write(RESET_ATTRIBUTES + BLANK_SCREEN + SHOW_CURSOR + LEAVE_ALT_SCREEN);
    } catch {
      // The terminal may already be gone (SIGHUP): nothing left to restore.
    }
    proc.off('exit', restore);
    for (const sig of SIGNALS) proc.off(sig, onSignal);
    proc.off('uncaughtException', onCrash);
    proc.off('unhandledRejection', onCrash);
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (!opts.onSignal) {
      restore();
      proc.exit(signalExitCode(signal));
      return;
    }
    // The handler stops the app first (so its last frame still lands on the alternate
    // screen); the terminal is restored after it whatever happens.
    try {
      opts.onSignal(signal);
    } finally {
      restore();
    }
  };
  const onCrash = (err: unknown): void => {
    restore();
    const message = err instanceof Error ? err.message : String(err);
    proc.stderr.write(`tracktop: unexpected error: ${message}\n`);
    proc.exit(1);
  };
  const suspend = (): void => {
    if (!restored) stdout.write(RESET_ATTRIBUTES + BLANK_SCREEN + SHOW_CURSOR + LEAVE_ALT_SCREEN);
  };
  const resume = (): void => {
    if (!restored) stdout.write(ENTER_ALT_SCREEN + HIDE_CURSOR);
  };
  stdout.write(ENTER_ALT_SCREEN + HIDE_CURSOR);
  proc.on('exit', restore);
  for (const sig of SIGNALS) proc.on(sig, onSignal);
  proc.on('uncaughtException', onCrash);
  proc.on('unhandledRejection', onCrash);
  return { restore, suspend, resume };
}

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT'];
const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/** The conventional exit code of a process ended by `signal` (128 + its number). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (SIGNAL_NUMBERS[signal] ?? 1);
}

/**
 * The style level Ink's text must be drawn with. Ink styles text through chalk, whose own
 * detection turns off every style (inverse and bold included) when `CI` is set in the
 * environment, whatever its value, or `--no-color` is among the arguments. The selection and
 * the focus are drawn with inverse and bold, so on a terminal at least the basic level is
 * kept; with colour off no component asks for a colour. Output that is not a terminal keeps
 * chalk's choice (a `--once` frame piped to a file stays plain text).
 */
export function inkStyleLevel(detected: ColorSupportLevel, isTTY: boolean): ColorSupportLevel {
  return isTTY && detected === 0 ? 1 : detected;
}

/**
 * Whether the locale says UTF-8: the first of LC_ALL, LC_CTYPE and LANG that is set names a
 * UTF-8 character set (`en_US.UTF-8`, `C.utf8`). None set is the C locale: ASCII.
 */
export function localeIsUtf8(env: NodeJS.ProcessEnv): boolean {
  const locale = [env.LC_ALL, env.LC_CTYPE, env.LANG].find((v) => v !== undefined && v !== '') ?? '';
  return /\.utf-?8\b/i.test(locale);
}

/** ASCII glyphs with --ascii, or where the locale is not UTF-8 unless --unicode says otherwise. */
export function asciiOnly(flags: { ascii?: boolean; unicode?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (flags.ascii === true) return true;
  return flags.unicode !== true && !localeIsUtf8(env);
}

/** Colour is off with --no-color, NO_COLOR (any non-empty value), or TERM=dumb. */
export function colorEnabled(flags: { noColor?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (flags.noColor) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return true;
}

/**
 * `stdout` for a terminal without UTF-8 (`--ascii`): every string written is made ASCII cell
 * by cell (asciiCells), whichever part of the monitor drew it.
 */
export function asciiStdout(stdout: NodeJS.WriteStream): NodeJS.WriteStream {
  const write = (chunk: unknown, ...rest: unknown[]): boolean =>
    (stdout.write as (...args: unknown[]) => boolean)(typeof chunk === 'string' ? asciiCells(chunk) : chunk, ...rest);
  return new Proxy(stdout, {
    get(target, key) {
      if (key === 'write') return write;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
