// `/{vX.Y/}service.action{/}` (docs/wire-facts.md §1.1) and the handler versions real servers have.
import { MAX_API_VERSION } from '../../wire/envelope.js';
import type { ServedEndpoint } from '../../wire/operations.js';

interface ParsedPath {
  endpoint: string;
  /** "2.31" when the path carries no version. */
  version: string;
  explicitVersion: boolean;
}

const PATH_RE = /^\/?(?:v(\d{1,4})\.(\d{1,4})\/)?([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)\/?$/;

export function parseRequestPath(path: string): ParsedPath | undefined {
  const m = PATH_RE.exec(path);
  if (!m) return undefined;
  const [, major, minor, service, action] = m;
  if (major !== undefined && minor !== undefined)
    return { endpoint: `${service}.${action}`, version: `${Number(major)}.${Number(minor)}`, explicitVersion: true };
  return { endpoint: `${service}.${action}`, version: MAX_API_VERSION, explicitVersion: false };
}

function versionKey(v: string): [number, number] {
  const [a, b] = v.split('.');
  return [Number(a), Number(b ?? 0)];
}

export function compareVersions(a: string, b: string): number {
  const [a1, a2] = versionKey(a);
  const [b1, b2] = versionKey(b);
  return a1 !== b1 ? a1 - b1 : a2 - b2;
}

/**
 * Min-versions of the handlers real servers have for endpoints with more than one handler or
 * a handler newer than 1.0 (docs/wire-facts.md §1.1); every other endpoint has one handler at 1.0.
 * Keyed by the endpoint type, so tsc names a key that is no endpoint the server answers.
 */
const HANDLER_VERSIONS: Partial<Record<ServedEndpoint, readonly string[]>> = {
  'events.get_task_log': ['1.0', '1.7', '2.9'],
  'events.debug_images': ['1.0', '1.8', '2.7'],
  'events.get_task_plots': ['1.0', '1.8'],
  'events.get_multi_task_plots': ['1.0', '1.8'],
  'events.get_debug_image_sample': ['2.12'],
  'events.next_debug_image_sample': ['2.12'],
  'events.scalar_metrics_iter_raw': ['2.16'],
  'events.clear_scroll': ['2.18'],
};

/** The handler version a request gets (`meta.endpoint.actual_version`), or undefined → 404. */
export function actualVersion(endpoint: string, requested: string): string | undefined {
  const versions = HANDLER_VERSIONS[endpoint as ServedEndpoint] ?? ['1.0'];
  let chosen: string | undefined;
  for (const v of versions) if (compareVersions(v, requested) <= 0) chosen = v;
  return chosen;
}

/** Versions below 2.1 are sent as floats by real servers (docs/wire-facts.md §1.3). */
export function versionForMeta(v: string): string | number {
  return compareVersions(v, '2.1') < 0 ? Number(v) : v;
}
