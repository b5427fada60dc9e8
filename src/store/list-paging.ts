// Paging shared by the two lists (tasks, reports): rows wanted, the server's scroll id, and
// "more on scroll" when the selection nears the end of the loaded rows.
import type { StoreContext } from './context.js';
import type { ListName } from './panes.js';

/** Selection this close to the end of the loaded rows asks for the next page. */
export const MORE_THRESHOLD = 5;

export interface ListPaging {
  scrollId: string | null;
  /** Rows the list should hold (grows with "more on scroll"). */
  wanted: number;
  wantMore: boolean;
}

export function initialPaging(pageSize: number): ListPaging {
  return { scrollId: null, wanted: pageSize, wantMore: false };
}

/** Asks the list's poller for the next page when the selection is near the end of the loaded rows. */
export function maybeLoadMore(ctx: StoreContext, list: ListName): void {
  const rows = ctx.get()[list];
  const paging = ctx.book.paging[list];
  if (!rows.hasMore || rows.loadingMore || paging.wantMore) return;
  if (rows.selectedIndex < rows.ids.length - MORE_THRESHOLD) return;
  paging.wantMore = true;
  ctx.pollers[list].wake();
}

/** The query changed (filter, archived, status): start again from the first page. */
export function resetListQuery(ctx: StoreContext, list: ListName): void {
  ctx.book.paging[list] = initialPaging(ctx.pageSize);
  ctx.set((s) => ({ [list]: { ...s[list], loading: true, hasMore: false } }));
  ctx.pollers[list].restart();
}
