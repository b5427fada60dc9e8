// The reports slice's bookkeeping: the tags request, the report to select once listed, and the
// cache of embedded widgets. Part of the store's Bookkeeping (context.ts).
import type { KnownReportWidget } from '../../text/report-widgets.js';

export interface ReportsBook {
  /** Ask `reports.get_tags` with the next list tick. */
  tagsWanted: boolean;
  /** A report created from the store: selected once a list answer includes it. */
  selectAfterLoad: string | null;
  /** Pause after a report selection change before its widgets are fetched. */
  widgetTimer: unknown;
  /** Widget URLs to fetch again even when cached (refresh). */
  widgetsStale: Set<string>;
  /** Widget URLs, least recently shown first (the cache drops from the front). */
  widgetOrder: string[];
  /** The widgets found in the last report body looked at (parsing a body once, not per tick). */
  widgetList: { body: string; widgets: KnownReportWidget[] } | null;
}

export function initialReportsBook(): ReportsBook {
  return {
    tagsWanted: true,
    selectAfterLoad: null,
    widgetTimer: null,
    widgetsStale: new Set(),
    widgetOrder: [],
    widgetList: null,
  };
}
