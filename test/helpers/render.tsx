// Renders an Ink tree into fake streams with a chosen terminal size (ink-testing-library
// hard-codes 100 columns and no rows). `debug` mode makes Ink write whole frames, so the
// last write is the current screen; the non-debug mode keeps Ink's real erase/rewrite
// output, for tests that inspect the bytes (e.g. no full-screen clear).
import { EventEmitter } from 'node:events';
import { render, type Instance } from 'ink';
import type { ReactElement } from 'react';

export class FakeStdout extends EventEmitter {
  readonly isTTY = true;
  readonly writes: string[] = [];
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (chunk: string): boolean => {
    this.writes.push(chunk);
    return true;
  };
  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
  get output(): string {
    return this.writes.join('');
  }
}

export class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  private pending: string | null = null;
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
  read = (): string | null => {
    const data = this.pending;
    this.pending = null;
    return data;
  };
  write(data: string): void {
    this.pending = data;
    this.emit('readable');
    this.emit('data', data);
  }
}

export interface SizedRender {
  instance: Instance;
  stdout: FakeStdout;
  stdin: FakeStdin;
  /** The current screen (debug mode: the last full frame written). */
  lastFrame(): string;
  /** Sends keys and waits for Ink to process them and re-render. */
  press(keys: string): Promise<void>;
  unmount(): void;
}

export const KEYS = {
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  enter: '\r',
  escape: '\u001B',
  tab: '\t',
  shiftTab: '\u001B[Z',
  backspace: '\u007F',
  pageUp: '\u001B[5~',
  pageDown: '\u001B[6~',
  ctrlC: '\u0003',
  ctrlL: '\u000C',
  ctrlU: '\u0015',
  ctrlD: '\u0004',
} as const;

/** Waits for pending macrotasks (Ink renders after a setImmediate/timer tick). */
export function settle(ms = 30): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function renderSized(
  tree: ReactElement,
  size: { columns: number; rows: number },
  opts: { debug?: boolean } = {},
): SizedRender {
  const stdout = new FakeStdout(size.columns, size.rows);
  const stdin = new FakeStdin();
  const stderr = new FakeStdout(size.columns, size.rows);
  const instance = render(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    debug: opts.debug ?? true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return {
    instance,
    stdout,
    stdin,
    lastFrame: () => stdout.writes.at(-1) ?? '',
    press: async (keys: string) => {
      stdin.write(keys);
      await settle();
    },
    unmount: () => {
      instance.unmount();
      instance.cleanup();
    },
  };
}
