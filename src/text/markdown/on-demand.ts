// The markdown renderer, loaded the first time a report body is shown: `marked` builds its
// grammar (dozens of regexes) when it loads, about 10 ms that the monitor's first frame, a
// task list, does not need. Callers that must answer now ask `markdownIfLoaded()` and are told
// (`onMarkdownLoaded`) when it arrives.
import type * as Markdown from './index.js';

export type MarkdownModule = typeof Markdown;

let loaded: MarkdownModule | null = null;
let loading: Promise<MarkdownModule> | null = null;
const listeners = new Set<() => void>();

export function markdownIfLoaded(): MarkdownModule | null {
  return loaded;
}

/** Loads the renderer once; a failed load is tried again by the next call. */
export function loadMarkdown(): Promise<MarkdownModule> {
  loading ??= import('./index.js').then(
    (module) => {
      loaded = module;
      for (const listener of [...listeners]) listener();
      return module;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Calls `listener` once the renderer has loaded; returns the unsubscribe. */
export function onMarkdownLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
