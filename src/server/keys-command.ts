// `tracktop serve keys list | create NAME | revoke KEY`: the key pairs of a database, one per
// person (key-table.ts). It works beside a running server: a revoked pair and its tokens stop
// at the server's next request, as each request reads the table.
import { existsSync } from 'node:fs';
import { openDatabase } from './db/db.js';
import { clearmlConfSnippet } from './auth/credentials.js';
import { createKey, listKeys, revokeKey } from './auth/key-table.js';
import { lastServerUrl } from './db/server-meta.js';

interface KeysCommandOptions {
  dbPath: string;
  /** `list`, `create NAME` or `revoke KEY`. */
  words: string[];
  /**
   * Shown in the clearml.conf block of a created pair; without it, the address the last
   * server on this database listened on, else DEFAULT_API_HOST.
   */
  apiHost?: string | undefined;
  out: (line: string) => void;
  now?: () => number;
}

/** `tracktop serve` with no --host or --port. */
const DEFAULT_API_HOST = 'http://127.0.0.1:8008';

const KEYS_USAGE = 'usage: tracktop serve keys list | create NAME | revoke ACCESS_KEY [--db PATH]';

const date = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Runs one keys command; the exit code (2 for a usage error, 1 when the key is unknown). */
export function runKeysCommand(opts: KeysCommandOptions): number {
  const [action, ...rest] = opts.words;
  const now = opts.now ?? Date.now;
  if (action === undefined || !['list', 'create', 'revoke'].includes(action)) {
    opts.out(KEYS_USAGE);
    return 2;
  }
  if (action === 'list' ? rest.length !== 0 : rest.length !== 1) {
    opts.out(KEYS_USAGE);
    return 2;
  }
  if (!existsSync(opts.dbPath)) {
    opts.out(`tracktop: no database at ${opts.dbPath} (give --db PATH)`);
    return 2;
  }
  const db = openDatabase(opts.dbPath);
  try {
    if (action === 'list') {
      const rows = listKeys(db);
      if (rows.length === 0) opts.out('no key pairs');
      for (const r of rows) {
        const state = r.revoked === null ? 'valid' : `revoked ${date(r.revoked)}`;
        const origin = r.origin === 'start' ? 'given at start' : 'keys create';
        opts.out(`${r.access_key}  ${r.name}  user ${r.user}  ${origin}, created ${date(r.created)}, ${state}`);
      }
      return 0;
    }
    const arg = rest[0] as string;
    if (action === 'create') {
      const pair = createKey(db, arg, now());
      opts.out(`Created a key pair for ${arg.trim()}. The secret is shown only now; paste this into its clearml.conf:`);
      const apiHost = opts.apiHost ?? lastServerUrl(db) ?? DEFAULT_API_HOST;
      opts.out(clearmlConfSnippet({ apiHost, ...pair }));
      return 0;
    }
    if (!revokeKey(db, arg, now())) {
      opts.out(`tracktop: no valid key pair has the access key ${arg}`);
      return 1;
    }
    opts.out(`Revoked ${arg}: it and every token it issued are refused from now on.`);
    return 0;
  } finally {
    db.close();
  }
}
