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
}

export class UsageError extends Error {}

const SUBCOMMANDS = new Set(['demo', 'serve', 'config', 'check', 'export', 'help']);

export function parseCommandLine(argv: string[]): ParsedArgs {
  if (argv.includes('--help') || argv.includes('-h')) return { command: 'help', values: {} };
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
    if (err instanceof UsageError) throw err;
    throw new UsageError(
      err instanceof Error ? err.message.replace(/\. To specify a positional.*$/s, '') : String(err),
    );
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
export function numberFlag(values: ParsedArgs['values'], name: string, min: number, max: number): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be a number from ${min} to ${max} (got '${String(raw)}')`);
  }
  return n;
}

export const USAGE = `tracktop — a terminal monitor for ClearML-compatible experiment-tracking servers

Usage:
  tracktop [options] [TASK]     monitor the server from flags, CLEARML_* env or clearml.conf;
                                TASK (an id, or the results-page URL the SDK prints) opens selected
  tracktop demo [options]       start an embedded server with simulated live runs and monitor it
  tracktop serve [options]      run the embedded server (SQLite)
  tracktop serve keys list | create NAME | revoke ACCESS_KEY [--db PATH]
                                the server's key pairs, one per person (each with its own user)
  tracktop config [options]     print the resolved connection settings and where each came from
  tracktop check [options]      log in and report server, API version and round-trip time
  tracktop export scalars TASK [--format csv|jsonl] [--metric M] [-o FILE]
                                every scalar point (iteration, timestamp, metric, variant, value)
  tracktop export log TASK [--format text|jsonl] [-o FILE]
                                the whole console log, oldest line first
  tracktop export plots TASK [-o FILE]
                                every plot event as JSON, one per line
  tracktop export images TASK -o DIR
                                download every debug image (metric, variant, iteration in the name)
  tracktop export artifacts TASK -o DIR
                                download the task's artifacts and models (http(s) URIs; others named)

Connection (monitor, config, check, export):
  --api-host URL                API server, e.g. http://localhost:8008
  --access-key KEY              access key (else CLEARML_API_ACCESS_KEY or clearml.conf)
  --secret-key SECRET           secret key (else CLEARML_API_SECRET_KEY or clearml.conf)
  --config FILE                 clearml.conf to read (else CLEARML_CONFIG_FILE, ~/clearml.conf)

Display (monitor, demo):
  --interval SECONDS            poll interval (default 5)
  --read-only                   hide every action that changes data
  --ascii                       ASCII glyphs only
  --no-color                    no colours (NO_COLOR is honoured too)
  --no-bell                     no terminal bell when a task turns failed or stopped
  --once                        print one frame to stdout and exit
  --max-answer-mb N             largest answer read from the server, in MiB (default 64);
                                a larger one is refused unread and named in the status bar

Export (TASK is a task id or its exact name):
  --format FMT                  scalars: csv (default) or jsonl; log: text (default) or jsonl
  --metric M                    scalars: only this metric
  -o, --output PATH             write to PATH (a directory for images) instead of stdout;
                                written as PATH.partial and renamed when complete
  --max-answer-mb N             largest answer read from the server, in MiB (default 64)

Server (serve; demo takes --port and --db):
  --host ADDR                   address to bind (default 127.0.0.1)
  --port N                      port (default 8008; demo: any free port)
  --db PATH                     database file (default ./tracktop.db; demo: a temp file)
  --access-key/--secret-key     credentials (else TRACKTOP_ACCESS_KEY/TRACKTOP_SECRET_KEY,
                                else a generated pair stored beside the database)
  --demo                        also run simulated training runs and reports
  --check                       run SQLite's integrity check on the database, report and exit

  -h, --help                    this help
  -V, --version                 version
`;
