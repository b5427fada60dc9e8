// The long-running commands: serve (with or without demo runs), demo (server + runs + monitor),
// and the monitor itself. Each loads its modules when it runs: the monitor needs no server
// or SQLite code, the server no UI.
import { sanitize } from '../text/sanitize.js';
import { numberFlag, type ParsedArgs } from './args.js';

const DEFAULT_SERVE_PORT = 8008;

export async function runCommand(args: ParsedArgs): Promise<number> {
  const v = args.values;
  const str = (name: string): string | undefined => (typeof v[name] === 'string' ? (v[name] as string) : undefined);
  // Server log lines can quote request data (names, paths): sanitised like all other output.
  const log = (line: string): void => void process.stderr.write(`${sanitize(line, { multiline: true })}\n`);
  switch (args.command) {
    case 'serve': {
      const host = str('host') ?? '127.0.0.1';
      const port = numberFlag(v, 'port', 0, 65535) ?? DEFAULT_SERVE_PORT;
      const dbPath = str('db') ?? 'tracktop.db';
      const words = args.positionals ?? [];
      if (v.check) {
        const { checkDatabase } = await import('../server/db/check.js');
        const result = checkDatabase(dbPath);
        for (const line of result.lines) process.stdout.write(`${sanitize(line, { multiline: true })}\n`);
        return result.ok ? 0 : 1;
      }
      if (words.length > 0) {
        const out = (line: string): void => void process.stdout.write(`${sanitize(line, { multiline: true })}\n`);
        if (words[0] !== 'keys') {
          log(`tracktop: unknown serve command '${words[0]}' (serve takes only 'keys')`);
          return 2;
        }
        const { runKeysCommand } = await import('../server/keys-command.js');
        // Without --host or --port, the address the server on this database last listened on.
        const named = str('host') !== undefined || v.port !== undefined;
        const apiHost = named ? `http://${host.includes(':') ? `[${host}]` : host}:${port}` : undefined;
        return runKeysCommand({ dbPath, words: words.slice(1), apiHost, out });
      }
      const accessKey = str('access-key') ?? (process.env.TRACKTOP_ACCESS_KEY || undefined);
      const secretKey = str('secret-key') ?? (process.env.TRACKTOP_SECRET_KEY || undefined);
      if ((accessKey === undefined) !== (secretKey === undefined)) {
        log(
          'tracktop: give both --access-key and --secret-key (or TRACKTOP_ACCESS_KEY and TRACKTOP_SECRET_KEY), or neither',
        );
        return 2;
      }
      if (v.demo) return serveDemo({ host, port, dbPath, accessKey, secretKey, log });
      const { runServe } = await import('../server/serve.js');
      await runServe({ host, port, dbPath, accessKey, secretKey, log });
      return 0;
    }
    case 'demo':
    case 'monitor': {
      const { runMonitorCommand } = await import('./monitor.js');
      return runMonitorCommand(args);
    }
    default:
      return 2;
  }
}

/** `tracktop serve --demo`: the server plus simulated runs, until SIGINT/SIGTERM. */
async function serveDemo(opts: {
  host: string;
  port: number;
  dbPath: string;
  accessKey?: string | undefined;
  secretKey?: string | undefined;
  log: (line: string) => void;
}): Promise<number> {
  const [{ runDemo }, { clearmlConfSnippet, credentialsFilePath }] = await Promise.all([
    import('../demo/index.js'),
    import('../server/index.js'),
  ]);
  const controller = new AbortController();
  const demo = await runDemo({
    host: opts.host,
    port: opts.port,
    dbPath: opts.dbPath,
    accessKey: opts.accessKey,
    secretKey: opts.secretKey,
    signal: controller.signal,
    log: opts.log,
  });
  opts.log(`tracktop demo server listening on ${demo.url} (database ${demo.dbPath})`);
  if (opts.accessKey) {
    opts.log(`credentials: the given key pair (access key ${demo.credentials.accessKey})`);
  } else if (demo.credentialsCreated) {
    opts.log(`credentials: generated a key pair and stored it in ${credentialsFilePath(demo.dbPath)} (mode 0600)`);
    opts.log('Paste this into ~/clearml.conf to watch the demo with `tracktop` or report to it:');
    opts.log(clearmlConfSnippet({ apiHost: demo.url, ...demo.credentials }));
  } else {
    // The secret was printed when it was generated; it stays in the 0600 file, never on screen again.
    opts.log(
      `credentials: the key pair in ${credentialsFilePath(demo.dbPath)} (access key ${demo.credentials.accessKey})`,
    );
  }
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      opts.log(`${signal}: stopping the demo`);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await demo.stop();
  return 0;
}
