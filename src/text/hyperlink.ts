// OSC 8 hyperlinks, and the address of a run in the ClearML web UI as the ClearML SDK builds it
// (Task.get_output_log_web_page: {web_server}/projects/{project_id}/experiments/{task_id}/output/log).

const ESC = '\u001b';
const ST = `${ESC}\\`;

// C0 controls, DEL and C1 controls would end the escape sequence early or start another one.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * BEL ends the sequence in links drawn by Ink: Ink 6.8 measures a line with BEL-terminated
 * OSC 8 as its visible text, but counts an ST-terminated one into the width (the frame breaks).
 */
export const BEL = '\u0007';

/** `text` as a clickable link to `url` (terminals without OSC 8 show just the text). */
export function hyperlink(url: string, text: string, terminator: string = ST): string {
  const safeUrl = url.replace(CONTROL, '');
  if (safeUrl === '') return text;
  return `${ESC}]8;;${safeUrl}${terminator}${text}${ESC}]8;;${terminator}`;
}

/**
 * The web UI's address for an API server, as the SDK derives it when `api.web_server` (or
 * CLEARML_WEB_HOST) is not set: app.clear.ml for the hosted API, api.→app. and demoapi.→demoapp.
 * in the host name, port 8008→8080. Undefined when it cannot be derived.
 */
export function webServerFor(apiHost: string, webHost?: string): string | undefined {
  const configured = webHost?.trim().replace(/\/+$/, '');
  if (configured) return configured;
  const host = apiHost.trim().replace(/\/+$/, '');
  if (host === 'https://api.clear.ml') return 'https://app.clear.ml';
  if (host.includes('://demoapi.')) return host.replace('://demoapi.', '://demoapp.');
  if (host.includes('://api.')) return host.replace('://api.', '://app.');
  let port: string;
  try {
    port = new URL(host).port;
  } catch {
    return undefined;
  }
  return port === '8008' ? host.replace(':8008', ':8080') : undefined;
}

/** The run's page in the web UI (its console log tab); a task without a project gets "*", as in the SDK. */
export function taskWebUrl(webServer: string, taskId: string, projectId?: string | null): string {
  const base = webServer.replace(/\/+$/, '');
  const project = projectId ? encodeURIComponent(projectId) : '*';
  return `${base}/projects/${project}/experiments/${encodeURIComponent(taskId)}/output/log`;
}
