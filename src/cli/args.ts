// Command-line parsing: one table of flags per command, parsed with node:util parseArgs.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { taskIdFrom } from './task-arg.js';

export type Command = 'monitor' | 'demo' | 'serve' | 'config' | 'check' | 'export' | 'help' | 'version';

type Options = NonNullable<ParseArgsConfig['options']>;

const connectionFlags: Options = {
  config: { type: 'string' },
  'api-host': { type: 'string' },
  'access-key': { type: 'string' },
  'secret-key': { type: 'string' },
};

const displayFlags: Options = {
  interval: { type: 'string' },
  'read-only': { type: 'boolean' },
  ascii: { type: 'boolean' },
  unicode: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  'no-bell': { type: 'boolean' },
  once: { type: 'boolean' },
  'max-answer-mb': { type: 'string' },
};

const serverFlags: Options = {
  host: { type: 'string' },
  port: { type: 'string' },
  db: { type: 'string' },
  'access-key': { type: 'string' },
  'secret-key': { type: 'string' },
};

const COMMAND_FLAGS: Record<Exclude<Command, 'help' | 'version'>, Options> = {
  monitor: { ...connectionFlags, ...displayFlags },
  demo: { ...displayFlags, port: { type: 'string' }, db: { type: 'string' } },
  serve: { ...serverFlags, demo: { type: 'boolean' }, check: { type: 'boolean' } },
  config: connectionFlags,
  check: connectionFlags,
  export: {
    ...connectionFlags,
    format: { type: 'string' },
    metric: { type: 'string' },
    output: { type: 'string', short: 'o' },
    'max-answer-mb': { type: 'string' },
  },
};

/** Commands that take positional arguments (`export scalars TASK`, `serve keys ...`, `tracktop TASK`). */
const TAKES_POSITIONALS = new Set<Command>(['export', 'serve', 'monitor']);

export interface ParsedArgs {
  command: Command;
  values: Record<string, string | boolean | undefined>;
  /** Words after the command and its flags (only for commands that take them). */
  positionals?: string[];
  /** The monitor's task to open with (`tracktop TASK-ID` or a results-page URL). */
  taskId?: string;
  /** For `help`: the command whose help was asked for (`tracktop serve --help`). */
  topic?: Command;
}

export class UsageError extends Error {
  /** The command whose usage to print after the message, when known. */
  command?: Command;
}

/** The command a command line names first (`serve` in `tracktop serve keys --help`), if any. */
function namedCommand(argv: string[]): Command | undefined {
  const first = argv[0];
  if (first === 'help') return SUBCOMMANDS.has(argv[1] ?? '') ? (argv[1] as Command) : undefined;
  return first !== undefined && SUBCOMMANDS.has(first) ? (first as Command) : undefined;
}

const SUBCOMMANDS = new Set(['demo', 'serve', 'config', 'check', 'export', 'help']);

export function parseCommandLine(argv: string[]): ParsedArgs {
  if (argv.includes('--help') || argv.includes('-h') || argv[0] === 'help')
    return { command: 'help', values: {}, topic: namedCommand(argv) };
  if (argv.includes('--version') || argv.includes('-V')) return { command: 'version', values: {} };
  const first = argv[0];
  let command: Command = 'monitor';
  let rest = argv;
  // A task id or results-page URL first is the monitor's task, not a command.
  if (first !== undefined && !first.startsWith('-') && taskIdFrom(first) === undefined) {
    if (!SUBCOMMANDS.has(first)) throw new UsageError(`unknown command '${first}'`);
    command = first as Command;
    rest = argv.slice(1);
  }
  if (command === 'help' || command === 'version') return { command, values: {} };
  try {
    const takesPositionals = TAKES_POSITIONALS.has(command);
    const { values, positionals } = parseArgs({
      args: rest,
      options: COMMAND_FLAGS[command],
      strict: true,
      allowPositionals: takesPositionals,
    });
    const parsed: ParsedArgs = { command, values: values as ParsedArgs['values'] };
    if (takesPositionals) parsed.positionals = positionals;
    if (command === 'monitor') parsed.taskId = monitorTask(positionals);
    return parsed;
  } catch (err) {
    const usage =
      err instanceof UsageError
        ? err
        : new UsageError(
            err instanceof Error ? err.message.replace(/\. To specify a positional.*$/s, '') : String(err),
          );
    usage.command = command;
    throw usage;
  }
}

/** The monitor's one optional word: a task id or the SDK's results-page URL. */
function monitorTask(positionals: readonly string[]): string | undefined {
  if (positionals.length > 1) throw new UsageError(`one task at most (got ${positionals.length} words)`);
  const word = positionals[0];
  if (word === undefined) return undefined;
  const id = taskIdFrom(word);
  if (id === undefined)
    throw new UsageError(
      `'${word}' is neither a task id (32 hex digits) nor a results-page URL (…/experiments/<id>/…)`,
    );
  return id;
}

/** A numeric flag: undefined when absent, else a finite number within [min, max]. */
/**
 * The shortest poll interval. Below a second it serves soak runs (bench/soak.mjs: as many polls
 * in 15 minutes at 0.2 s as in an hour at 1 s); a poller's next tick still waits for its last
 * (src/store/core/poller.ts).
 */
export const MIN_INTERVAL_SECONDS = 0.2;
const MAX_INTERVAL_SECONDS = 3600;

/** `--interval SECONDS`, or undefined when not given. */
export function pollIntervalSeconds(values: ParsedArgs['values']): number | undefined {
  return numberFlag(values, 'interval', MIN_INTERVAL_SECONDS, MAX_INTERVAL_SECONDS);
}

export function numberFlag(values: ParsedArgs['values'], name: string, min: number, max: number): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be a number from ${min} to ${max} (got '${String(raw)}')`);
  }
  return n;
}
