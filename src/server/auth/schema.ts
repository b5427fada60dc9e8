// v7: key pairs one per person (key-table.ts). Each pair gets a name, its origin (`start`: the
// pair given at start, replaced by the next one; `keys`: made by `tracktop serve keys create`),
// a revocation time, and `secret_tag`, the HMAC a login is checked against (no scrypt a login).
// Auth tokens now name their access key; those issued before say nothing of it, so the key
// generation changes once here and they end (clients log in again).
import type { Migration } from '../db/migration.js';

const AUTH_V7 = `
ALTER TABLE credentials ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE credentials ADD COLUMN origin TEXT NOT NULL DEFAULT 'start';
ALTER TABLE credentials ADD COLUMN revoked INTEGER;
ALTER TABLE credentials ADD COLUMN secret_tag TEXT;
UPDATE credentials SET name = coalesce((SELECT name FROM users WHERE users.id = credentials.user), '');
UPDATE server_meta SET value = lower(hex(randomblob(12))) WHERE key = 'key_generation';
`;

export const AUTH_MIGRATIONS: Migration[] = [{ version: 7, sql: AUTH_V7 }];
