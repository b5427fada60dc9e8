// `tracktop check`: log in, make the calls the monitor depends on, and say plainly whether the
// server works. An answer of the wrong shape (null where a list belongs, a number for a name)
// fails the check: the client rejects it as it does for the monitor (src/api/answer-shapes.ts),
// which could not show it, so "OK" would not be true.
import { isApiError, type ApiClient } from '../api/index.js';
import { sanitize } from '../text/sanitize.js';

export interface CheckResult {
  ok: boolean;
  lines: string[];
}

/** The task fields the task list reads, as the check asks for them. */
const TASK_FIELDS = ['id', 'name', 'status', 'last_update'];

/**
 * A server-provided value as one line of text. Sanitised on its own, before it joins its label:
 * a `\r` in the value then overwrites only the value ("evil\rX" is "Xvil"), never the label.
 */
const value = (text: string): string => sanitize(text);

export async function runCheck(client: ApiClient, now: () => number = () => performance.now()): Promise<CheckResult> {
  const lines = [`server:       ${client.apiHost}`];
  try {
    const loginStart = now();
    const info = await client.serverInfo();
    const loginMs = now() - loginStart;
    lines.push(`api version:  ${info.apiVersion === undefined ? 'not stated by the server' : value(info.apiVersion)}`);
    if (info.serverVersion) lines.push(`server build: ${value(info.serverVersion)}`);
    if (info.user) lines.push(`user:         ${value(info.user)}${info.company ? ` (${value(info.company)})` : ''}`);
    if (info.tokenExpiresAt) lines.push(`token until:  ${new Date(info.tokenExpiresAt).toISOString()}`);
    const rttStart = now();
    await client.reports.getTags({});
    const rttMs = now() - rttStart;
    await client.reports.getTaskData({ only_fields: TASK_FIELDS, size: 1 });
    lines.push(`login:        ${loginMs.toFixed(0)} ms`);
    lines.push(`round trip:   ${rttMs.toFixed(1)} ms (reports.get_tags)`);
    lines.push('verdict:      OK — tracktop can monitor this server');
    return { ok: true, lines };
  } catch (err) {
    const why = isApiError(err) ? err.describe() : err instanceof Error ? err.message : String(err);
    lines.push(`verdict:      FAILED — ${value(why)}`);
    return { ok: false, lines };
  }
}
