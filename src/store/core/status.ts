// The status line (the `status` key, core state: every slice reports through it) and the timer
// that clears it.
import type { StoreContext } from './context.js';

export type StatusLevel = 'info' | 'success' | 'error';
export interface StatusMessage {
  text: string;
  level: StatusLevel;
  /** Epoch ms after which the store clears it. */
  expiresAt: number;
}

export const DEFAULT_STATUS_TTL_MS = 4000;
/** Errors stay longer: they usually say what to do. */
export const ERROR_STATUS_TTL_MS = 10_000;

export function showStatus(ctx: StoreContext, text: string, level: StatusLevel = 'info', ttlMs?: number): void {
  const ttl = ttlMs ?? (level === 'error' ? ERROR_STATUS_TTL_MS : DEFAULT_STATUS_TTL_MS);
  const expiresAt = ctx.now() + ttl;
  ctx.set({ status: { text, level, expiresAt } });
  ctx.core.statusTimer.restart(ttl, () => {
    if (ctx.get().status?.expiresAt === expiresAt) ctx.set({ status: null });
  });
}

export interface StatusActions {
  showStatus(text: string, level?: StatusLevel, ttlMs?: number): void;
}

export function createStatusActions(ctx: StoreContext): StatusActions {
  return { showStatus: (text, level = 'info', ttlMs) => showStatus(ctx, text, level, ttlMs) };
}
