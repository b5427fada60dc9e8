// Report bodies embed charts as iframes pointing at the web app's `/widgets/` page. Its query
// string names the widget type, the objects (task or model ids) and the metrics; every other
// parameter is a task query in the `tasks.get_all` vocabulary (`key=value`, or
// `key[]=a,b` for lists). This module turns such a URL into the `reports.get_task_data`
// request the web app would send, so the monitor can fetch and draw the widget itself.

type WidgetKind = 'scalar' | 'plot' | 'sample' | 'single' | 'unknown';
type WidgetXAxis = 'iter' | 'timestamp' | 'iso_time';

interface WidgetMetricFilter {
  metric: string;
  variants?: string[];
}

/** The body of a `reports.get_task_data` call (docs/wire-facts.md §9.5), limited to what widgets use. */
interface TaskDataRequest {
  id?: string[];
  project?: string[];
  name?: string;
  user?: string[];
  type?: string[];
  tags?: string[];
  system_tags?: string[];
  status?: string[];
  parent?: string;
  search_text?: string;
  include_subprojects?: boolean;
  search_hidden?: boolean;
  allow_public?: boolean;
  only_fields?: string[];
  order_by?: string[];
  page?: number;
  page_size?: number;
  size?: number;
  model_events?: boolean;
  scalar_metrics_iter_histogram?: { key: WidgetXAxis; metrics?: WidgetMetricFilter[] };
  plots?: { iters: number; metrics?: WidgetMetricFilter[] };
  debug_images?: { iters: number; metrics?: WidgetMetricFilter[] };
  single_value_metrics?: Record<string, never>;
}

type KnownWidgetKind = Exclude<WidgetKind, 'unknown'>;

export interface KnownReportWidget {
  kind: KnownWidgetKind;
  /** The widget URL as written in the report. */
  url: string;
  request: TaskDataRequest;
  /** Short description built from the metrics and variants, e.g. "loss › train, val". */
  title?: string;
  xaxis: WidgetXAxis;
  /** Workspace id for the hosted service (the web app sends it as a tenant header). */
  company?: string;
}

interface UnknownReportWidget {
  kind: 'unknown';
  url: string;
  /** Why the URL could not be turned into a request, in words for the user. */
  reason: string;
  title?: string;
}

export type ReportWidget = KnownReportWidget | UnknownReportWidget;

const WIDGET_TYPES: Record<string, KnownWidgetKind> = {
  scalar: 'scalar',
  plot: 'plot',
  sample: 'sample',
  single: 'single',
};

// `type` is absent on purpose: in a widget URL it names the widget type, not a task type.
const LIST_QUERY_FIELDS = ['project', 'user', 'tags', 'system_tags', 'status', 'only_fields', 'order_by'] as const;
const STRING_QUERY_FIELDS = ['name', 'parent', 'search_text'] as const;
const BOOLEAN_QUERY_FIELDS = ['include_subprojects', 'search_hidden', 'allow_public'] as const;
const INTEGER_QUERY_FIELDS = ['page', 'page_size', 'size'] as const;

// Fields that narrow which tasks match; ordering and paging alone select nothing.
const SELECTING_FIELDS = [
  'id',
  'project',
  'name',
  'user',
  'tags',
  'system_tags',
  'status',
  'parent',
  'search_text',
] as const;

const XAXES: readonly WidgetXAxis[] = ['iter', 'timestamp', 'iso_time'];

// Resolves relative `src="/widgets/?..."` values; never used for fetching.
const RELATIVE_BASE = 'http://relative.invalid';

function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw, RELATIVE_BASE);
  } catch {
    return undefined;
  }
}

function hasWidgetPath(url: URL): boolean {
  return /\/widgets\/?(index\.html)?$/i.test(url.pathname);
}

/** True when the URL points at a report-widget page (whatever its parameters). */
export function isWidgetUrl(raw: string): boolean {
  const url = parseUrl(raw.trim());
  return url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:') && hasWidgetPath(url);
}

/** All values of a key, accepting `key` and `key[]`; `key[]` values are comma-separated lists. */
function listParam(params: URLSearchParams, key: string): string[] {
  const values: string[] = [];
  for (const v of params.getAll(key)) values.push(v);
  for (const v of params.getAll(`${key}[]`)) values.push(...v.split(','));
  return values.map((v) => v.trim()).filter((v) => v.length > 0);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function parseBoolean(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'true' || v === '1' || v === 'yes') return true;
  if (v === 'false' || v === '0' || v === 'no') return false;
  return undefined;
}

function parseNonNegativeInteger(value: string): number | undefined {
  if (!/^\s*\d{1,9}\s*$/.test(value)) return undefined;
  return Number.parseInt(value, 10);
}

/** Copies the task-query parameters (project, tags, order_by, page_size, ...) into the request. */
function applyTaskQuery(params: URLSearchParams, request: TaskDataRequest): void {
  for (const field of LIST_QUERY_FIELDS) {
    // `*` means "any" in links the web app builds; as a filter value it would match nothing.
    const values = listParam(params, field).filter((v) => v !== '*');
    if (values.length > 0) request[field] = values;
  }
  for (const field of STRING_QUERY_FIELDS) {
    const value = params.get(field);
    if (value !== null && value.trim() !== '' && value !== '*') request[field] = value;
  }
  for (const field of BOOLEAN_QUERY_FIELDS) {
    const value = params.get(field);
    const parsed = value === null ? undefined : parseBoolean(value);
    if (parsed !== undefined) request[field] = parsed;
  }
  for (const field of INTEGER_QUERY_FIELDS) {
    const value = params.get(field);
    const parsed = value === null ? undefined : parseNonNegativeInteger(value);
    if (parsed !== undefined && !(field === 'size' && parsed < 1)) request[field] = parsed;
  }
}

function describe(kind: KnownWidgetKind, metrics: string[], variants: string[]): string | undefined {
  if (metrics.length === 0) return kind === 'single' ? 'single values' : undefined;
  const metricText = metrics.join(', ');
  return variants.length > 0 ? `${metricText} › ${variants.join(', ')}` : metricText;
}

function unknown(url: string, reason: string): UnknownReportWidget {
  return { kind: 'unknown', url, reason };
}

/**
 * Parses a report widget URL into a typed `reports.get_task_data` request.
 * Never throws: URLs that are not widgets, or widgets of a type the monitor cannot draw,
 * come back as `kind: 'unknown'` with the URL and a reason.
 */
export function parseWidgetUrl(raw: string): ReportWidget {
  const text = typeof raw === 'string' ? raw.trim() : '';
  const url = parseUrl(text);
  if (url === undefined || text === '') return unknown(text, 'not a valid URL');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return unknown(text, `unsupported scheme ${url.protocol}`);
  if (!hasWidgetPath(url)) return unknown(text, 'not a report widget URL');

  const params = url.searchParams;
  const typeParam = params.get('type') ?? '';
  const kind = WIDGET_TYPES[typeParam];
  if (kind === undefined) {
    return unknown(text, typeParam === '' ? 'widget type missing' : `widget type "${typeParam}" is not supported`);
  }

  const objects = listParam(params, 'objects');
  const ids = unique([
    ...(objects.length > 0 ? objects : listParam(params, 'tasks')),
    ...listParam(params, 'models'),
    ...listParam(params, 'id'),
  ]);
  const models = params.has('models') || params.get('objectType') === 'model';
  const metrics = unique(listParam(params, 'metrics'));
  const variants = unique(listParam(params, 'variants'));
  const xaxisParam = params.get('xaxis') ?? '';
  const xaxis: WidgetXAxis = (XAXES as readonly string[]).includes(xaxisParam) ? (xaxisParam as WidgetXAxis) : 'iter';

  const request: TaskDataRequest = {};
  if (ids.length > 0) request.id = ids;
  applyTaskQuery(params, request);
  if (models) request.model_events = true;

  const hasSelection = SELECTING_FIELDS.some((field) => request[field] !== undefined);
  // Without ids or any filter the server would return every task: refuse rather than fetch it all.
  if (!hasSelection) return unknown(text, 'the widget names no task and no query');

  const metricFilter: WidgetMetricFilter[] | undefined =
    metrics.length > 0
      ? metrics.map((metric) => (variants.length > 0 ? { metric, variants: [...variants] } : { metric }))
      : undefined;
  const section = metricFilter === undefined ? {} : { metrics: metricFilter };
  switch (kind) {
    case 'scalar':
      request.scalar_metrics_iter_histogram = { key: xaxis, ...section };
      break;
    case 'plot':
      request.plots = { iters: 1, ...section };
      break;
    case 'sample':
      request.debug_images = { iters: 1, ...section };
      break;
    case 'single':
      request.single_value_metrics = {};
      break;
  }

  const widget: KnownReportWidget = { kind, url: text, request, xaxis };
  const title = describe(kind, metrics, variants);
  if (title !== undefined) widget.title = title;
  const company = params.get('company');
  if (company !== null && company.trim() !== '') widget.company = company.trim();
  return widget;
}
