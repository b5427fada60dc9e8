// The results-page link the ClearML SDK prints (`<web host>/projects/<p>/experiments/<id>/...`,
// and `/datasets/simple/<p>/experiments/<id>` for datasets): this server has no web UI, so it
// answers a small HTML page naming the run and the command that watches it in a terminal.
import type { ServerResponse } from 'node:http';
import type { Db } from '../db/db.js';
import { stmt } from '../db/statements.js';

const RESULTS_PATH = /^\/(?:projects|datasets\/simple)\/[^/]+\/experiments\/([0-9a-f]{32})(?:\/[^?#]*)?$/;

/** The task id of a results-page path, or undefined for any other path. */
export function resultsPageTask(method: string | undefined, path: string): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  return RESULTS_PATH.exec(path)?.[1];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface RunRow {
  name: string;
  status: string;
  project: string | null;
}

/** Answers the page: 200 naming the run (found by its unguessable id), else 404. */
export function sendResultsPage(db: Db, res: ServerResponse, taskId: string, serverUrl: string): void {
  const row = stmt(
    db,
    'SELECT t.name, t.status, p.name AS project FROM tasks t LEFT JOIN projects p ON p.id = t.project WHERE t.id = ?',
  ).get(taskId) as RunRow | undefined;
  const command = `tracktop --api-host ${serverUrl} ${taskId}`;
  const body = row
    ? `<h1>${escapeHtml(row.name)}</h1>
<p>Project: ${escapeHtml(row.project ?? '(none)')} · status: ${escapeHtml(row.status)} · id: ${taskId}</p>
<p>This is tracktop's server, which has no web UI. Watch this run in a terminal:</p>
<pre>tracktop ${taskId}</pre>
<p>(with the same clearml.conf or CLEARML_* variables as the script; or name the server: <code>${escapeHtml(command)}</code>)</p>`
    : `<h1>No run ${taskId} here</h1>
<p>This tracktop server has no task with that id.</p>`;
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(row ? `${row.name} · tracktop` : 'tracktop')}</title></head>
<body>
${body}
</body></html>
`;
  res.writeHead(row ? 200 : 404, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    // Plain HTML with no script, style or image of its own: nothing else may load, and the
    // task id in its URL goes to no other site.
    'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}
