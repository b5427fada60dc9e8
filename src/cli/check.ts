// `tracktop check`: log in, make one cheap call, and say plainly whether the server works.
import { isApiError, type ApiClient } from '../api/index.js';

export interface CheckResult {
  ok: boolean;
  lines: string[];
}

export async function runCheck(client: ApiClient, now: () => number = () => performance.now()): Promise<CheckResult> {
  const lines = [`server:       ${client.apiHost}`];
  try {
    const loginStart = now();
    const info = await client.serverInfo();
    const loginMs = now() - loginStart;
    lines.push(`api version:  ${info.apiVersion ?? 'not stated by the server'}`);
    if (info.serverVersion) lines.push(`server build: ${info.serverVersion}`);
    if (info.user) lines.push(`user:         ${info.user}${info.company ? ` (${info.company})` : ''}`);
    if (info.tokenExpiresAt) lines.push(`token until:  ${new Date(info.tokenExpiresAt).toISOString()}`);
    const rttStart = now();
    await client.reports.getTags({});
    const rttMs = now() - rttStart;
    lines.push(`login:        ${loginMs.toFixed(0)} ms`);
    lines.push(`round trip:   ${rttMs.toFixed(1)} ms (reports.get_tags)`);
    lines.push('verdict:      OK — tracktop can monitor this server');
    return { ok: true, lines };
  } catch (err) {
    const why = isApiError(err) ? err.describe() : err instanceof Error ? err.message : String(err);
    lines.push(`verdict:      FAILED — ${why}`);
    return { ok: false, lines };
  }
}
