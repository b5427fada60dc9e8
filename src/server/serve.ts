// `tracktop serve`: start the server, say where it is, print a generated key pair once (with a
// ready-to-paste clearml.conf block) and stop cleanly on SIGINT/SIGTERM.
import { clearmlConfSnippet, startServer } from './index.js';

interface ServeOptions {
  host: string;
  port: number;
  dbPath: string;
  /** Keys: these, else TRACKTOP_ACCESS_KEY / TRACKTOP_SECRET_KEY, else the generated pair. */
  accessKey?: string;
  secretKey?: string;
  log: (line: string) => void;
}

/** Resolves once the server has stopped after SIGINT or SIGTERM. */
export async function runServe(opts: ServeOptions): Promise<void> {
  const env = (name: string) => process.env[name] || undefined;
  const server = await startServer({
    host: opts.host,
    port: opts.port,
    dbPath: opts.dbPath,
    accessKey: opts.accessKey ?? env('TRACKTOP_ACCESS_KEY'),
    secretKey: opts.secretKey ?? env('TRACKTOP_SECRET_KEY'),
    log: opts.log,
  });
  opts.log(`tracktop server listening on ${server.url} (database ${opts.dbPath})`);
  opts.log(
    `Files the SDK uploads (debug images, artifacts) are served from ${server.url}/files and kept in ${server.filesDir}`,
  );
  if (server.credentialsCreated && server.credentialsFile) {
    opts.log(`Generated a key pair and stored it in ${server.credentialsFile} (mode 0600).`);
    opts.log('Paste this into ~/clearml.conf to report to this server:');
    opts.log(clearmlConfSnippet({ apiHost: server.url, ...server.credentials }));
  } else if (server.credentialsFile) {
    opts.log(`Using the key pair in ${server.credentialsFile}.`);
  }
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      opts.log(`${signal}: stopping the server`);
      void server.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
