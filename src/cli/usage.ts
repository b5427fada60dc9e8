// The help text: `tracktop --help` prints every command; `tracktop COMMAND --help` (or
// `tracktop help COMMAND`) prints that command's lines and the options it takes. Built from one
// set of sections, so the two never disagree.
import type { Command } from './args.js';

const TITLE = 'tracktop — a terminal monitor for ClearML-compatible experiment-tracking servers';

type Topic = Exclude<Command, 'help' | 'version'>;

const COMMANDS: Record<Topic, string> = {
  monitor: `  tracktop [options] [TASK]     monitor the server from flags, CLEARML_* env or clearml.conf;
                                TASK (an id, or the results-page URL the SDK prints) opens selected`,
  demo: `  tracktop demo [options]       start an embedded server with simulated live runs and monitor it`,
  serve: `  tracktop serve [options]      run the embedded server (SQLite)
  tracktop serve keys list | create NAME | revoke ACCESS_KEY [--db PATH]
                                the server's key pairs, one per person (each with its own user)`,
  config: `  tracktop config [options]     print the resolved connection settings and where each came from`,
  check: `  tracktop check [options]      log in and report server, API version and round-trip time`,
  export: `  tracktop export scalars TASK [--format csv|jsonl] [--metric M] [-o FILE]
                                every scalar point (iteration, timestamp, metric, variant, value)
  tracktop export log TASK [--format text|jsonl] [-o FILE]
                                the whole console log, oldest line first
  tracktop export plots TASK [-o FILE]
                                every plot event as JSON, one per line
  tracktop export images TASK -o DIR
                                download every debug image (metric, variant, iteration in the name)
  tracktop export artifacts TASK -o DIR
                                download the task's artifacts and models (http(s) URIs; others named)`,
};

const CONNECTION = `  --api-host URL                API server, e.g. http://localhost:8008
  --access-key KEY              access key (else CLEARML_API_ACCESS_KEY or clearml.conf)
  --secret-key SECRET           secret key (else CLEARML_API_SECRET_KEY or clearml.conf)
  --config FILE                 clearml.conf to read (else CLEARML_CONFIG_FILE, ~/clearml.conf)`;

const DISPLAY = `  --interval SECONDS            poll interval (default 5)
  --read-only                   hide every action that changes data
  --ascii                       ASCII only (the default where the locale is not UTF-8)
  --unicode                     Unicode glyphs even where the locale does not say UTF-8
  --no-color                    no colours (NO_COLOR is honoured too)
  --no-bell                     no terminal bell when a task turns failed or stopped
  --once                        print one frame to stdout and exit
  --max-answer-mb N             largest answer read from the server, in MiB (default 64);
                                a larger one is refused unread and named in the status bar`;

const EXPORT = `  --format FMT                  scalars: csv (default) or jsonl; log: text (default) or jsonl
  --metric M                    scalars: only this metric
  -o, --output PATH             write to PATH (a directory for images) instead of stdout;
                                written as PATH.partial and renamed when complete
  --max-answer-mb N             largest answer read from the server, in MiB (default 64)`;

const DEMO_SERVER = `  --port N                      port of the demo's server (default: any free port)
  --db PATH                     database file (default: a temp file)`;

const SERVER = `  --host ADDR                   address to bind (default 127.0.0.1)
  --port N                      port (default 8008)
  --db PATH                     database file (default ./tracktop.db)
  --access-key/--secret-key     credentials (else TRACKTOP_ACCESS_KEY/TRACKTOP_SECRET_KEY,
                                else a generated pair stored beside the database)
  --demo                        also run simulated training runs and reports
  --check                       run SQLite's integrity check on the database, report and exit`;

const GENERAL = `  -h, --help                    this help (tracktop COMMAND --help: that command's)
  -V, --version                 version`;

/** Each command's option sections, by heading. */
const SECTIONS: Record<Topic, [string, string][]> = {
  monitor: [
    ['Connection', CONNECTION],
    ['Display', DISPLAY],
  ],
  demo: [
    ['Display', DISPLAY],
    ['Server', DEMO_SERVER],
  ],
  serve: [['Server', SERVER]],
  config: [['Connection', CONNECTION]],
  check: [['Connection', CONNECTION]],
  export: [
    ['Connection', CONNECTION],
    ['Export (TASK is a task id or its exact name)', EXPORT],
  ],
};

const section = (heading: string, body: string): string => `${heading}:\n${body}\n`;

/** Every command and every option (`tracktop --help`). */
export const USAGE = [
  `${TITLE}\n`,
  section('Usage', Object.values(COMMANDS).join('\n')),
  section('Connection (monitor, config, check, export)', CONNECTION),
  section('Display (monitor, demo)', DISPLAY),
  section('Export (TASK is a task id or its exact name)', EXPORT),
  section('Server (serve; demo takes --port and --db)', SERVER),
  GENERAL,
  '',
].join('\n');

/** One command's help (`tracktop COMMAND --help`); the whole help for none. */
export function usageOf(command: Command | undefined): string {
  if (command === undefined || command === 'help' || command === 'version') return USAGE;
  return [
    `${TITLE}\n`,
    section('Usage', COMMANDS[command]),
    ...SECTIONS[command].map(([heading, body]) => section(heading, body)),
    GENERAL,
    '',
  ].join('\n');
}
