// The status line message and the timer that clears it.
import { restartTimer } from './book-timers.js';
import type { StoreContext } from '../context.js';
import type { StatusLevel } from '../types.js';

export const DEFAULT_STATUS_TTL_MS = 4000;
/** Errors stay longer: they usually say what to do. */
export const ERROR_STATUS_TTL_MS = 10_000;

export function showStatus(ctx: StoreContext, text: string, level: StatusLevel = 'info', ttlMs?: number): void {
  const ttl = ttlMs ?? (level === 'error' ? ERROR_STATUS_TTL_MS : DEFAULT_STATUS_TTL_MS);
  const expiresAt = ctx.now() + ttl;
  ctx.set((s) => ({ ui: { ...s.ui, status: { text, level, expiresAt } } }));
  restartTimer(ctx, 'statusTimer', ttl, () => {
    if (ctx.get().ui.status?.expiresAt === expiresAt) ctx.set((s) => ({ ui: { ...s.ui, status: null } }));
  });
}
