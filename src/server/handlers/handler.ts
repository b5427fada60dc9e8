// Handlers tied to the wire request types: each entry of the handler table carries the shape
// its body is validated with, and that shape was made for the endpoint's request type.
import type { ServedEndpoint, ServedRequestOf } from '../../wire/operations.js';
import type { Handler, RequestContext } from './handler-types.js';
import { validate, type Shape, type Validated, type WireTyped } from '../http/validate.js';

interface ServedHandler<R> extends Handler {
  readonly shape: Shape & WireTyped<R>;
}

/** A handler whose body is validated with `shape` before `run` sees it. */
export function handler<R, S extends Shape>(
  shape: S & WireTyped<R>,
  run: (req: Validated<S & WireTyped<R>>, ctx: RequestContext, body: Record<string, unknown>) => unknown,
): ServedHandler<R> {
  return Object.assign((body: Record<string, unknown>, ctx: RequestContext) => run(validate(body, shape), ctx, body), {
    shape,
  });
}

/**
 * A handler that validates its body itself: with `shape`, or with another wire-typed shape it
 * picks (an older API version's request, or each line of a JSON-lines body).
 */
export function selfChecking<R>(shape: Shape & WireTyped<R>, run: Handler): ServedHandler<R> {
  return Object.assign((body: Record<string, unknown>, ctx: RequestContext) => run(body, ctx), { shape });
}

/**
 * Endpoints not checked by one shape: events are checked one by one (a bad event is counted in
 * errors_info, not refused; docs/wire-facts.md §3); list queries are checked by parseQuery against the
 * entity's fields (src/server/query/entity-specs.ts).
 */
type PerEventEndpoint = 'events.add' | 'events.add_batch';
type QueryEndpoint =
  | 'tasks.get_all_ex'
  | 'tasks.get_all'
  | 'models.get_all_ex'
  | 'models.get_all'
  | 'projects.get_all_ex'
  | 'projects.get_all'
  | 'reports.get_all_ex'
  | 'reports.get_task_data'
  | 'queues.get_all'
  | 'queues.get_all_ex';

export interface CheckedElsewhere<How extends 'per event' | 'query'> extends Handler {
  readonly checkedBy: How;
}

export function checkedPerEvent(run: Handler): CheckedElsewhere<'per event'> {
  return Object.assign((body: Record<string, unknown>, ctx: RequestContext) => run(body, ctx), {
    checkedBy: 'per event' as const,
  });
}

export function checkedAsQuery(run: Handler): CheckedElsewhere<'query'> {
  return Object.assign((body: Record<string, unknown>, ctx: RequestContext) => run(body, ctx), {
    checkedBy: 'query' as const,
  });
}

/** The handler table: one handler per served endpoint, each checked against its request type. */
export type ServedHandlers = {
  [K in ServedEndpoint]: K extends PerEventEndpoint
    ? CheckedElsewhere<'per event'>
    : K extends QueryEndpoint
      ? CheckedElsewhere<'query'>
      : ServedHandler<ServedRequestOf<K>>;
};
export type ServedHandlersOf<K extends ServedEndpoint> = Pick<ServedHandlers, K>;
