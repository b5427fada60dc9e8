// The demo's people (plan.ts DEMO_USERS), each with a key pair of their own on the embedded
// server, made as `tracktop serve keys create` makes them: their tasks and reports are written
// through their pair, so the server records who ran what. The pairs are kept in a file beside
// the database (mode 0600, like the server's own pair), so a resumed demo writes as the same
// people.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createKey, listKeys, type Db } from '../server/index.js';
import { DEMO_USERS, type DemoUserKey } from './plan.js';

export interface DemoUserPair {
  key: DemoUserKey;
  name: string;
  accessKey: string;
  secretKey: string;
}

export function demoUsersFilePath(dbPath: string): string {
  return `${dbPath}.demo-users.json`;
}

function readPairs(file: string): DemoUserPair[] {
  if (!existsSync(file)) return [];
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(parsed) ? (parsed as DemoUserPair[]) : [];
  } catch {
    // An unreadable file is replaced by fresh pairs.
    return [];
  }
}

/**
 * Each demo user's pair: the stored one while the server still knows it (not revoked), else
 * a new one, stored.
 */
export function demoUserPairs(db: Db, dbPath: string, now: number): DemoUserPair[] {
  const file = demoUsersFilePath(dbPath);
  const stored = readPairs(file);
  const valid = new Set(
    listKeys(db)
      .filter((k) => k.revoked === null)
      .map((k) => k.access_key),
  );
  let changed = false;
  const pairs = (Object.entries(DEMO_USERS) as [DemoUserKey, string][]).map(([key, name]) => {
    const known = stored.find((p) => p.key === key && p.name === name && valid.has(p.accessKey));
    if (known !== undefined) return known;
    changed = true;
    return { key, name, ...createKey(db, name, now) };
  });
  if (changed) writeFileSync(file, `${JSON.stringify(pairs, null, 2)}\n`, { mode: 0o600 });
  return pairs;
}
