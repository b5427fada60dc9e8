// `tracktop` (the monitor on a configured server), `tracktop demo` (the monitor on an embedded
// server with simulated runs) and `--once` (one frame to stdout).
import { createClient, type ClientOptions } from '../api/index.js';
import type { RunningDemo } from '../demo/index.js';
import type { PaneExporter } from '../ui/pane-effects.js';
import type { MonitorOptions } from '../ui/run.js';
import { asciiOnly, colorEnabled } from '../ui/terminal.js';
import { webServerFor } from '../text/hyperlink.js';
import { sanitize } from '../text/sanitize.js';
import { numberFlag, pollIntervalSeconds, type ParsedArgs } from './args.js';
import { CliError } from './cli-error.js';
import type { LogScanner } from '../store/index.js';
import { clientOptionsFromProfile, maxAnswerBytes, profileFromArgs } from './connection.js';
import { startMemLog } from './memlog.js';
import { phases } from './phases.js';

const DEFAULT_INTERVAL_SECONDS = 5;
/** How many demo log lines are kept to print after the monitor exits (errors only matter then). */
const DEMO_LOG_KEEP = 20;

export async function runMonitorCommand(args: ParsedArgs): Promise<number> {
  const v = args.values;
  const intervalSeconds = pollIntervalSeconds(v) ?? DEFAULT_INTERVAL_SECONDS;
  const answerBound = maxAnswerBytes(v);
  const display = {
    intervalMs: intervalSeconds * 1000,
    readOnly: v['read-only'] === true,
    // `--once` into a pipe or file gets plain text, as other tools do.
    color:
      colorEnabled({ noColor: v['no-color'] === true }, process.env) &&
      (v.once !== true || process.stdout.isTTY === true),
    ascii: asciiOnly({ ascii: v.ascii === true, unicode: v.unicode === true }, process.env),
    bell: v['no-bell'] !== true,
  };

  if (v.once !== true && (process.stdin.isTTY !== true || process.stdout.isTTY !== true)) {
    throw new CliError('the monitor needs a terminal (stdin and stdout a TTY); for one frame as text use --once');
  }

  let demo: RunningDemo | undefined;
  /** The demo's address lines (src/demo/run-demo.ts), on stderr: stdout may be the --once frame. */
  let sayDemoAddress: ((ended: boolean) => void) | undefined;
  const demoLog: string[] = [];
  let clientOptions: ClientOptions;
  let serverLabel: string;
  /** The web UI the run links point at (none for the embedded server, which has no web UI). */
  let webServer: string | undefined;
  if (args.command === 'demo') {
    // The demo's own messages would tear the monitor's frames: keep the last few for later.
    const { demoAddress, runDemo } = await import('../demo/index.js');
    const controller = new AbortController();
    const port = numberFlag(v, 'port', 0, 65535);
    demo = await runDemo({
      signal: controller.signal,
      log: (line) => {
        demoLog.push(line);
        if (demoLog.length > DEMO_LOG_KEEP) demoLog.shift();
      },
      ...(port === undefined ? {} : { port }),
      ...(typeof v.db === 'string' ? { dbPath: v.db } : {}),
    });
    const running = demo;
    sayDemoAddress = (ended) =>
      void process.stderr.write(`${sanitize(demoAddress(running, ended).join('\n'), { multiline: true })}\n`);
    sayDemoAddress(false);
    clientOptions = { apiHost: demo.url, ...demo.credentials };
    serverLabel = `${demo.url} (demo)`;
  } else {
    const profile = profileFromArgs(v);
    phases.mark('config');
    clientOptions = clientOptionsFromProfile(profile);
    serverLabel = profile.apiHost ?? '';
    webServer = webServerFor(profile.apiHost ?? '', profile.webHost);
  }
  clientOptions = { ...clientOptions, maxAnswerBytes: answerBound };
  const client = createClient(clientOptions);
  // Log in, then ask for the task list, while the rest of the monitor's modules (Ink, React, the
  // panes: most of the start-up) load, so that those round trips overlap that work instead of
  // following it. A failed login is left for the monitor's first call to meet and show.
  client.serverInfo().then(
    () => phases.mark('login'),
    () => undefined,
  );
  // The exporter's modules load on the first `E`: the first frame needs none of them.
  const cwd = process.cwd();
  const exportPane: PaneExporter = async (request) =>
    (await import('./export/from-monitor.js')).monitorExporter(client, cwd)(request);
  // A search beyond the log window scans in a worker thread (its module loads on the first such
  // search), with a client of its own on the monitor's token.
  const scanOptions = { client: clientOptions, token: () => client.bearerToken() };
  const logScanner: LogScanner = async (req) =>
    (await import('../store/logs/log-scan-thread.js')).threadLogScanner(scanOptions)(req);
  const apiHost = clientOptions.apiHost;
  const options: MonitorOptions = { ...display, client, serverLabel, apiHost, exportPane, webServer, logScanner };
  if (args.taskId !== undefined) options.storeDeps = { initialTaskId: args.taskId };
  // The one frame of --once waits for the selected task's panes: nothing to draw before them.
  if (v.once === true) options.storeDeps = { ...options.storeDeps, firstSelectionPauseMs: 0 };
  const { startMonitor, taskListAnswered } = await import('../ui/monitor-start.js');
  // The store's pollers ask for the task list (and then the selected task's panes) at once,
  // `--once` as well: the UI's modules load while those answers travel.
  const started = startMonitor(options, { stdout: process.stdout, env: process.env });
  phases.mark('requests');
  if (phases.enabled) {
    const unwatch = started.store.subscribe((state) => {
      if (!taskListAnswered(state)) return;
      phases.mark('tasks');
      unwatch();
    });
  }
  const { renderOnce, runMonitor } = await import('../ui/run.js').catch((err: unknown) => {
    started.store.getState().actions.stop();
    throw err;
  });
  phases.mark('modules');

  const stopMemLog = v.once === true ? () => undefined : startMemLog(process.env);
  try {
    if (v.once === true) {
      const frame = await renderOnce({ ...options, started });
      process.stdout.write(frame.endsWith('\n') ? frame : `${frame}\n`);
      phases.mark('frame');
      return 0;
    }
    return await runMonitor({ ...options, started, onFirstFrame: () => phases.mark('frame') });
  } finally {
    stopMemLog();
    if (demo) {
      await demo.stop();
      sayDemoAddress?.(true);
      if (demoLog.length > 0 && demoLog.some((l) => /error|fail/i.test(l))) {
        process.stderr.write(`demo messages:\n${sanitize(demoLog.join('\n'), { multiline: true })}\n`);
      }
    }
  }
}
