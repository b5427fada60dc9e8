import { readFileSync } from 'node:fs';

function readVersion(): string {
  try {
    // Same relative place from src/server/ and dist/server/.
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** tracktop's version, sent as the tokens' `server_version`. */
export const SERVER_VERSION = readVersion();
