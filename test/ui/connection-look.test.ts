import { describe, expect, it } from 'vitest';
import { initialConnection } from '../../src/store/core/connection.js';
import { formatTimeOfDay } from '../../src/text/format.js';
import { connectionLook } from '../../src/ui/components/StatusBar.js';
import { createTheme } from '../../src/ui/theme.js';

const theme = createTheme({ color: true, ascii: false });
const NOW = Date.UTC(2026, 0, 2, 12, 0, 0);
const LAST_GOOD = NOW - 7_300;

describe('connection state in the status bar', () => {
  it('says the server is not answering, stale since the last good answer', () => {
    const c = { ...initialConnection('http://x'), state: 'unanswered' as const, staleSince: LAST_GOOD };
    expect(connectionLook(c, NOW, theme)).toEqual({
      text: `server not answering · stale since ${formatTimeOfDay(LAST_GOOD)}`,
      color: 'yellow',
    });
  });

  it('says why it retries: the server cannot be reached, and how', () => {
    const c = {
      ...initialConnection('http://x'),
      state: 'retrying' as const,
      staleSince: LAST_GOOD,
      nextAttemptAt: NOW + 2_500,
      attempt: 2,
      unreachable: 'connection refused',
    };
    expect(connectionLook(c, NOW, theme)).toEqual({
      text: `retrying in 3s (attempt 3): connection refused · stale since ${formatTimeOfDay(LAST_GOOD)}`,
      color: 'yellow',
    });
  });

  it('names the endpoint that answered malformed data, not "connecting…"', () => {
    const c = {
      ...initialConnection('http://x'),
      state: 'malformed' as const,
      staleSince: null,
      malformedEndpoint: 'reports.get_task_data\u001b[2J',
    };
    expect(connectionLook(c, NOW, theme)).toEqual({
      text: 'server answered malformed data for reports.get_task_data',
      color: 'red',
    });
  });

  it('names the call whose answer was too large, with its size', () => {
    const c = {
      ...initialConnection('http://x'),
      state: 'oversized' as const,
      staleSince: LAST_GOOD,
      lastError: 'reports.get_task_data: answer too large (200 MiB announced; the limit is 64 MiB)',
    };
    expect(connectionLook(c, NOW, theme)).toEqual({
      text: `reports.get_task_data: answer too large (200 MiB announced; the limit is 64 MiB) · stale since ${formatTimeOfDay(LAST_GOOD)}`,
      color: 'red',
    });
  });
});
