import { randomBytes } from 'node:crypto';

/** A new entity, call or scroll id: 32 lowercase hex chars, like real servers' ids. */
export function newId(): string {
  return randomBytes(16).toString('hex');
}
