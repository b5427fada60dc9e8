// The store's cross-slice reactions: a slice that must react to something another slice did
// subscribes to one of these events; the slice that did it emits it. No slice writes another
// slice's state or calls into its files (docs/architecture.md draws who emits and who listens).
import type { ListName, ViewName } from '../panes.js';

export interface StoreEvents {
  /**
   * The selected task changed, whoever changed it (a key, a list answer, a triage action).
   * `pauseMs`: how long the panes that follow it wait before fetching (a burst of keys asks once).
   */
  taskSelected: { id: string | null; pauseMs: number };
  /** The selected report changed. */
  reportSelected: { id: string | null };
  /**
   * Something that may leave shown data out of date happened (a list answer, a view or focus
   * change, a pane laid out): each slice fetches what its shown panes lack, and nothing else.
   */
  sync: { view: ViewName };
  /** A list's query changed (filter text, archived shown): its slice starts again from the first page. */
  listQueryChanged: { list: ListName };
  /** `r`: every slice forgets what it fetched, so the next sync fetches everything shown again. */
  refresh: Record<string, never>;
  /** The panes' sizes changed (the logs keep a following view at the bottom). */
  layout: Record<string, never>;
  /** The store stops: every slice clears its own timers. */
  stop: Record<string, never>;
}

export type StoreEventName = keyof StoreEvents;
type Listener<K extends StoreEventName> = (payload: StoreEvents[K]) => void;

export interface EventBus {
  on<K extends StoreEventName>(name: K, listener: Listener<K>): void;
  emit<K extends StoreEventName>(name: K, payload: StoreEvents[K]): void;
}

/** Listeners run in the order they subscribed, synchronously, within the emitting call. */
export function createEventBus(): EventBus {
  const listeners = new Map<StoreEventName, ((payload: never) => void)[]>();
  return {
    on(name, listener) {
      const list = listeners.get(name) ?? [];
      list.push(listener as (payload: never) => void);
      listeners.set(name, list);
    },
    emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) (listener as Listener<typeof name>)(payload);
    },
  };
}
