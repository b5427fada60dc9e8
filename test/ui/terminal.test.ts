import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { colorEnabled, enterTerminal, inkStyleLevel, signalExitCode } from '../../src/ui/terminal.js';

class Sink {
  out = '';
  write = (chunk: string): boolean => {
    this.out += chunk;
    return true;
  };
}

/** A stand-in for `process`: signals are emitted by the test, exit is recorded. */
class FakeProcess extends EventEmitter {
  readonly stderr = new Sink();
  code: number | undefined;
  exit = (code?: number): never => {
    this.code = code;
    return undefined as never;
  };
}

describe('enterTerminal', () => {
  it('enters the alternate screen and leaves it once on restore', () => {
    const sink = new Sink();
    const proc = new FakeProcess();
    const session = enterTerminal(sink, { proc: proc as unknown as NodeJS.Process });
    expect(sink.out).toBe('\u001b[?1049h\u001b[?25l');
    session.restore();
    session.restore();
    expect(sink.out.split('\u001b[?1049l')).toHaveLength(2);
    // The alternate screen is blanked first, so a terminal that reflows it on leaving shows nothing of it.
    expect(sink.out.indexOf('\u001b[2J')).toBeLessThan(sink.out.indexOf('\u001b[?1049l'));
    expect(proc.listenerCount('SIGTERM')).toBe(0);
  });

  it('hands the screen over and takes it back around an editor', () => {
    const sink = new Sink();
    const session = enterTerminal(sink, { proc: new FakeProcess() as unknown as NodeJS.Process });
    sink.out = '';
    session.suspend();
    expect(sink.out).toContain('\u001b[?1049l');
    expect(sink.out).toContain('\u001b[?25h');
    sink.out = '';
    session.resume();
    expect(sink.out).toBe('\u001b[?1049h\u001b[?25l');
    session.restore();
    sink.out = '';
    session.suspend();
    session.resume();
    expect(sink.out).toBe('');
  });

  it('restores the terminal before exiting on a signal without a handler', () => {
    const sink = new Sink();
    const proc = new FakeProcess();
    enterTerminal(sink, { proc: proc as unknown as NodeJS.Process });
    proc.emit('SIGHUP', 'SIGHUP');
    expect(sink.out).toContain('\u001b[?1049l');
    expect(proc.code).toBe(129);
  });

  it('lets a signal handler stop the app before the terminal is restored', () => {
    const sink = new Sink();
    const proc = new FakeProcess();
    const seen: string[] = [];
    enterTerminal(sink, {
      proc: proc as unknown as NodeJS.Process,
      onSignal: (signal) => {
        seen.push(`${signal} restored=${sink.out.includes('\u001b[?1049l')}`);
        sink.write('last frame');
      },
    });
    proc.emit('SIGTERM', 'SIGTERM');
    expect(seen).toEqual(['SIGTERM restored=false']);
    expect(sink.out.indexOf('last frame')).toBeLessThan(sink.out.indexOf('\u001b[?1049l'));
    expect(proc.code).toBeUndefined();
    expect(proc.listenerCount('SIGTERM')).toBe(0);
  });

  it('maps signals to 128 + their number', () => {
    expect(signalExitCode('SIGTERM')).toBe(143);
    expect(signalExitCode('SIGINT')).toBe(130);
  });
});

describe('colorEnabled', () => {
  it('is off with --no-color, NO_COLOR or TERM=dumb', () => {
    expect(colorEnabled({}, {})).toBe(true);
    expect(colorEnabled({ noColor: true }, {})).toBe(false);
    expect(colorEnabled({}, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled({}, { NO_COLOR: '' })).toBe(true);
    expect(colorEnabled({}, { TERM: 'dumb' })).toBe(false);
  });
});

describe('inkStyleLevel', () => {
  it('keeps inverse and bold on a terminal where chalk detected no styles (CI set, --no-color)', () => {
    expect(inkStyleLevel(0, true)).toBe(1);
  });

  it("keeps chalk's level when it found one, and plain text off a terminal", () => {
    expect(inkStyleLevel(2, true)).toBe(2);
    expect(inkStyleLevel(3, true)).toBe(3);
    expect(inkStyleLevel(0, false)).toBe(0);
    expect(inkStyleLevel(1, false)).toBe(1);
  });
});
