// Sends events with `events.add_batch` in chunks bounded by count and by body size, so a
// large history never becomes one oversized request.
import type { EventInput } from '../wire/events.js';
import type { DemoClient } from './demo-client.js';

export interface ChunkLimits {
  maxEvents: number;
  /** Approximate JSON-lines body size per chunk. */
  maxBytes: number;
}

export const DEFAULT_CHUNK_LIMITS: ChunkLimits = { maxEvents: 5000, maxBytes: 2_000_000 };

/** Splits events into consecutive chunks within the limits (a single oversized event gets a chunk of its own). */
export function* chunkEvents(
  events: Iterable<EventInput>,
  limits: ChunkLimits = DEFAULT_CHUNK_LIMITS,
): Generator<EventInput[]> {
  let chunk: EventInput[] = [];
  let bytes = 0;
  for (const event of events) {
    const size = JSON.stringify(event).length + 1;
    if (chunk.length > 0 && (chunk.length >= limits.maxEvents || bytes + size > limits.maxBytes)) {
      yield chunk;
      chunk = [];
      bytes = 0;
    }
    chunk.push(event);
    bytes += size;
  }
  if (chunk.length > 0) yield chunk;
}

interface WriteResult {
  added: number;
  /** events.add_batch requests sent. */
  requests: number;
  errors: number;
  errorsInfo: Record<string, number>;
}

/** Writes all events in chunks, one request at a time; rejects on the first failed request. */
export async function writeEvents(
  client: DemoClient,
  events: Iterable<EventInput>,
  limits: ChunkLimits = DEFAULT_CHUNK_LIMITS,
): Promise<WriteResult> {
  const result: WriteResult = { added: 0, requests: 0, errors: 0, errorsInfo: {} };
  for (const chunk of chunkEvents(events, limits)) {
    const response = await client.events.addBatch(chunk);
    result.requests++;
    result.added += response.added;
    result.errors += response.errors;
    for (const [reason, count] of Object.entries(response.errors_info ?? {})) {
      result.errorsInfo[reason] = (result.errorsInfo[reason] ?? 0) + count;
    }
  }
  return result;
}
