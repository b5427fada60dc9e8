// The reports slice's private bookkeeping: its list paging, the triage changes' sequence and
// undo record, the tags request, the report to select once listed, and the cache of embedded
// widgets.
import type { KnownReportWidget } from '../../text/report-widgets.js';
import { initialListBook, OneShot, type ListBook, type SliceContext, type StoreContext } from '../core/index.js';

export interface ReportsBook extends ListBook {
  /** Ask `reports.get_tags` with the next list tick. */
  tagsWanted: boolean;
  /** A report created from the store: selected once a list answer includes it. */
  selectAfterLoad: string | null;
  /** Pause after a report selection change before its widgets are fetched. */
  widgetTimer: OneShot;
  /** Widget URLs to fetch again even when cached (refresh). */
  widgetsStale: Set<string>;
  /** Widget URLs, least recently shown first (the cache drops from the front). */
  widgetOrder: string[];
  /** The widgets found in the last report body looked at (parsing a body once, not per tick). */
  widgetList: { body: string; widgets: KnownReportWidget[] } | null;
}

export type ReportsContext = SliceContext<ReportsBook>;

export function initialReportsBook(ctx: StoreContext): ReportsBook {
  return {
    ...initialListBook(ctx.pageSize),
    tagsWanted: true,
    selectAfterLoad: null,
    widgetTimer: new OneShot(ctx.timers),
    widgetsStale: new Set(),
    widgetOrder: [],
    widgetList: null,
  };
}
