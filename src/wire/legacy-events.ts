// Requests of events calls as older API versions shaped them (the server answers by the
// version in the path; docs/wire-facts.md §1.1).
import type { ScrollId } from './common.js';

/** events.get_task_log before 2.9: pages of `batch_size` in `order`; `from` since 1.7. */
export interface LegacyGetTaskLogRequest {
  task: string;
  batch_size?: number;
  order?: 'asc' | 'desc';
  from?: 'head' | 'tail';
  scroll_id?: ScrollId;
}

/** events.debug_images before 2.7: one task, its newest `iters` iterations. */
export interface LegacyDebugImagesRequest {
  task: string;
  iters?: number;
  scroll_id?: ScrollId;
  model_events?: boolean;
}
