// events.add and events.add_batch (docs/wire-facts.md §4): per-event reasons in errors_info, the
// batch-wide 400/12 checks, locked owners, and one transaction for the events and the
// task/model updates they cause.
import type { Statement } from 'better-sqlite3';
import type { AddEventsResponse } from '../../../wire/events.js';
import { JSON_LINES_CONTENT_TYPE } from '../../../wire/envelope.js';
import { ERRORS } from '../../../wire/errors.js';
import { isObject } from '../../../wire/json.js';
import type { RequestContext } from '../../handlers/handler-types.js';
import { ServerError } from '../../http/errors.js';
import { checkedPerEvent, type ServedHandlersOf } from '../../handlers/handler.js';
import { stmt } from '../../db/statements.js';
import { iterParam, LOG, SCALAR } from '../storage/event-types.js';
import { LogWriter } from '../storage/log-store.js';
import { loadOwners, type Owner } from '../storage/owners.js';
import { identifyEvent, normalizeEvent, type PendingEvent } from './normalize-event.js';
import { OwnerUpdates } from '../storage/owner-updates.js';
import { SeriesResolver } from '../storage/series.js';

/** The body of events.add: one event object. */
function eventObject(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw new ServerError(ERRORS.badRequest, 'the request body must be a JSON object (one event)');
  return body;
}

/** The events of an add_batch body: JSON lines, or one JSON object (a 1-event batch). */
function parseBatchBody(raw: string, contentType: string): Iterable<Record<string, unknown>> {
  if (!/\S/.test(raw)) throw new ServerError(ERRORS.batchContainsNoItems);
  if (contentType === JSON_LINES_CONTENT_TYPE) return parseJsonLines(raw);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    throw new ServerError(ERRORS.badRequest, `failed parsing the request body as JSON: ${(err as Error).message}`);
  }
  if (Array.isArray(parsed))
    throw new ServerError(
      ERRORS.badRequest,
      `events.add_batch takes JSON lines (Content-Type: ${JSON_LINES_CONTENT_TYPE}, one event object per line) or a single event object, not a JSON array`,
    );
  if (!isObject(parsed)) throw new ServerError(ERRORS.badRequest, 'the request body must be a JSON object (one event)');
  return [parsed];
}

/** Parsed one line at a time, so a big batch is never held as objects all at once. */
function* parseJsonLines(raw: string): Generator<Record<string, unknown>> {
  let end = raw.length;
  if (raw.charCodeAt(end - 1) === 10) end--; // a trailing newline is fine
  let start = 0;
  for (let n = 1; start <= end; n++) {
    let stop = raw.indexOf('\n', start);
    if (stop < 0 || stop > end) stop = end;
    const line = raw.slice(start, stop);
    start = stop + 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (err) {
      if (line.trim() === '') throw new ServerError(ERRORS.badRequest, `blank line ${n} in the JSON lines body`);
      throw new ServerError(
        ERRORS.badRequest,
        `line ${n} of the JSON lines body is not valid JSON: ${(err as Error).message}`,
      );
    }
    if (!isObject(parsed))
      throw new ServerError(ERRORS.badRequest, `line ${n} of the JSON lines body is not a JSON object`);
    yield parsed;
  }
}

interface OwnerSeen {
  model: boolean;
  allowLocked: boolean;
  /** Undefined: not a task/model of the caller's company. */
  owner: Owner | undefined;
}

/** A task or model the caller may write to (public and other companies' never are). */
function writableOwner(ctx: RequestContext, id: string, model: boolean): Owner | undefined {
  const owner = loadOwners(ctx, [id], model).get(id);
  return owner && owner.company === ctx.identity.company ? owner : undefined;
}

/**
 * Validates and stores the events in one pass inside one transaction: a whole-call error
 * (400/12, malformed line) part-way through rolls back what was written before it.
 */
function addEvents(ctx: RequestContext, events: Iterable<Record<string, unknown>>): AddEventsResponse {
  return ctx.db.transaction(() => {
    const now = ctx.now();
    const errorsInfo: Record<string, number> = {};
    let errors = 0;
    let added = 0;
    let count = 0;
    const fail = (reason: string) => {
      errorsInfo[reason] = (errorsInfo[reason] ?? 0) + 1;
      errors++;
    };
    const seen = new Map<string, OwnerSeen>();
    const writer = new EventWriter(ctx, now);
    const defaults = { worker: ctx.worker, now };
    for (const raw of events) {
      count++;
      const id = identifyEvent(raw);
      if (typeof id === 'string') {
        fail(id);
        continue;
      }
      let known = seen.get(id.owner);
      if (!known) {
        known = { model: id.model, allowLocked: id.allowLocked, owner: writableOwner(ctx, id.owner, id.model) };
        seen.set(id.owner, known);
      } else if (known.model !== id.model) {
        throw new ServerError(
          ERRORS.validationError,
          `id ${id.owner} is used both for task events and model events in one batch`,
        );
      } else if (known.allowLocked !== id.allowLocked) {
        throw new ServerError(
          ERRORS.validationError,
          `events of ${id.owner} in one batch must all have the same allow_locked value`,
        );
      }
      if (!known.owner || (known.owner.locked && !id.allowLocked)) {
        fail(`Invalid ${id.model ? 'model' : 'task'} id ${id.owner}`);
        continue;
      }
      const ev = normalizeEvent(raw, id, defaults);
      if (typeof ev === 'string') {
        fail(ev);
        continue;
      }
      writer.write(ev);
      added++;
    }
    if (count === 0) throw new ServerError(ERRORS.batchContainsNoItems);
    if (added === 0) throw new ServerError(ERRORS.eventsNotAdded, undefined, errorsInfo);
    writer.finish();
    return { added, errors, errors_info: errorsInfo };
  })();
}

/** Stores events and gathers the task/model updates they cause. */
class EventWriter {
  private readonly series: SeriesResolver;
  private readonly updates = new OwnerUpdates();
  private readonly positive = new Set<number>();
  private readonly scalar: Statement;
  private readonly doc: Statement;
  private readonly log: LogWriter;

  constructor(
    private readonly ctx: RequestContext,
    private readonly now: number,
  ) {
    const db = ctx.db;
    this.series = new SeriesResolver(db);
    this.scalar = stmt(
      db,
      `INSERT INTO scalar_events (series, iter, ikey, value, timestamp, written, worker, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (series, iter, ikey) DO UPDATE SET value = excluded.value, timestamp = excluded.timestamp,
         written = excluded.written, worker = excluded.worker, extra = excluded.extra`,
    );
    this.doc = stmt(
      db,
      `INSERT INTO doc_events (series, iter, ikey, timestamp, written, worker, url, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (series, iter, ikey) DO UPDATE SET timestamp = excluded.timestamp, written = excluded.written,
         worker = excluded.worker, url = excluded.url, extra = excluded.extra`,
    );
    this.log = new LogWriter(db);
  }

  write(ev: PendingEvent): void {
    const sid = this.series.idFor(ev.owner, ev.model, ev.type, ev.metric, ev.variant);
    const iter = iterParam(ev.iter);
    const now = this.now;
    if (ev.type === SCALAR) {
      this.scalar.run(sid, iter, ev.ikey, ev.value, ev.timestamp, now, ev.worker, ev.extra);
      if (ev.value > 0) this.positive.add(sid);
    } else if (ev.type === LOG) this.log.write(ev, sid, iter, now);
    else this.doc.run(sid, iter, ev.ikey, ev.timestamp, now, ev.worker, ev.url, ev.extra);
    this.updates.add(ev);
  }

  finish(): void {
    this.log.finish();
    const touch = stmt(this.ctx.db, 'UPDATE event_series SET last_written = ? WHERE id = ?');
    for (const sid of this.positive) touch.run(this.now, sid);
    this.updates.apply(this.ctx.db, this.now, this.ctx.identity.user);
  }
}

export const ingestHandlers: ServedHandlersOf<'events.add' | 'events.add_batch'> = {
  'events.add': checkedPerEvent((body, ctx) => addEvents(ctx, [eventObject(body)])),
  'events.add_batch': checkedPerEvent((_body, ctx) => addEvents(ctx, parseBatchBody(ctx.rawBody, ctx.contentType))),
};
