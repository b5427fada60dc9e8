// The reports slice's private bookkeeping: its list paging, the triage changes' sequence and
// undo record, the tags request, the report to select once listed, and the cache of embedded
// widgets.
import type { KnownReportWidget } from '../../text/report-widgets.js';
import {
  createTriageHistory,
  initialPaging,
  OneShot,
  type ListPaging,
  type SliceContext,
  type StoreContext,
  type TriageHistory,
} from '../core/index.js';

export interface ReportsBook {
  paging: ListPaging;
  triage: TriageHistory;
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
    paging: initialPaging(ctx.pageSize),
    triage: createTriageHistory(),
    tagsWanted: true,
    selectAfterLoad: null,
    widgetTimer: new OneShot(ctx.timers),
    widgetsStale: new Set(),
    widgetOrder: [],
    widgetList: null,
  };
}
