// `tracktop COMMAND --help` prints that command's usage and the options it takes, no other
// command's; `tracktop --help` prints them all. Checked on the built binary and against the
// flag tables the parser uses.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError, type Command } from '../../src/cli/args.js';
import { USAGE, usageOf } from '../../src/cli/usage.js';
import { BIN, ROOT } from '../helpers/demo-process.js';

const COMMANDS: Command[] = ['monitor', 'demo', 'serve', 'config', 'check', 'export'];

async function tracktop(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 }).then(
    (r) => ({ code: 0, ...r }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

/** The long flags a help text lists. */
function flagsIn(help: string): string[] {
  const flags = [...help.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)(?:\/(--[a-z-]+))?/gm)].flatMap((m) =>
    [m[1], m[2]].filter((f) => f !== undefined),
  );
  return flags.filter((f) => f !== '--help' && f !== '--version');
}

/** Whether `command` accepts `flag` (with a value when it takes one). */
function accepts(command: Command, flag: string): boolean {
  const words = command === 'monitor' ? [] : [command];
  for (const value of [[], ['1']]) {
    try {
      parseCommandLine([...words, flag, ...value]);
      return true;
    } catch (err) {
      if (!(err instanceof UsageError) || /Unknown option/.test(err.message)) continue;
      return true; // known, but its value or the command's words are wrong
    }
  }
  return false;
}

describe("each command's --help", () => {
  it('is its own: `tracktop serve --help` names serve and its flags, not the monitor or export', async () => {
    const r = await tracktop(['serve', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('tracktop serve [options]');
    expect(r.stdout).toContain('tracktop serve keys list');
    expect(r.stdout).toContain('--check');
    expect(r.stdout).not.toContain('--api-host');
    expect(r.stdout).not.toContain('export scalars');
    expect(r.stdout).not.toContain('--interval');
    expect((await tracktop(['help', 'serve'])).stdout).toBe(r.stdout);
    expect((await tracktop(['serve', 'keys', '--help'])).stdout).toBe(r.stdout);
  });

  it('follows a mistake in a command with that command usage', async () => {
    const r = await tracktop(['export', 'scalars', '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown option '--bogus'");
    expect(r.stderr).toContain('tracktop export scalars TASK');
    expect(r.stderr).not.toContain('tracktop serve');
  });

  it('lists exactly the flags the command accepts', () => {
    for (const command of COMMANDS) {
      const help = usageOf(command);
      expect(help, command).toContain('Usage:');
      const listed = flagsIn(help);
      expect(
        listed.filter((f) => !accepts(command, f)),
        command,
      ).toEqual([]);
      const elsewhere = flagsIn(USAGE).filter((f) => !listed.includes(f));
      expect(
        elsewhere.filter((f) => accepts(command, f)),
        command,
      ).toEqual([]);
    }
  });

  it('is the whole help for `tracktop --help`', async () => {
    const r = await tracktop(['--help']);
    for (const command of COMMANDS) expect(r.stdout).toContain(usageOf(command).split('\n')[2]);
    expect(r.stdout).toContain('Connection (monitor, config, check, export)');
  });
});
