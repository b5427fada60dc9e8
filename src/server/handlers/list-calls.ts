// The list calls answered by the query engine alone (tasks/models/projects.get_all_ex and the
// SDK's plain get_all): the entity's rows that match the request's query, under the answer's key.
import type { RequestContext } from './handler-types.js';
import { checkedAsQuery, type CheckedElsewhere } from './handler.js';
import type { SqlPart } from '../query/list-filter.js';
import { listAnswer, parseQuery, runQuery, type EntitySpec } from '../query/list-query.js';

type Doc = Record<string, unknown>;

interface ListCall {
  spec: EntitySpec;
  /** The answer's list key, as real servers name it. */
  key: 'tasks' | 'models' | 'projects';
  /** Scroll family, so that states of different calls never mix. */
  scrollKind: string;
  /** Conditions from the call's own fields besides the query (checked before the query). */
  where?: (body: Record<string, unknown>) => SqlPart[];
  /** The form of each document in the answer, when not the query engine's own. */
  asItem?: (doc: Doc) => unknown;
}

/** Hidden rows (system tag `hidden`) are left out unless the query asks for them. */
export function listQueryHandler(call: ListCall): CheckedElsewhere<'query'> {
  return checkedAsQuery((body: Record<string, unknown>, ctx: RequestContext) => {
    const where = call.where?.(body);
    const result = runQuery(ctx, call.spec, parseQuery(body, call.spec), {
      where,
      hideHidden: true,
      scrollKind: call.scrollKind,
    });
    const items = call.asItem ? result.items.map(call.asItem) : result.items;
    return listAnswer(call.key, items, result.scrollId);
  });
}
