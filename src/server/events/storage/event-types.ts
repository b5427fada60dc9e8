// Event types as stored (small integers in event_series.type) and as sent on the wire.
import { SINGLE_VALUE_ITER, type EventType } from '../../../wire/events.js';

export const TYPE_CODES: Record<EventType, number> = {
  training_stats_scalar: 0,
  training_stats_vector: 1,
  training_debug_image: 2,
  plot: 3,
  log: 4,
};

const TYPE_NAMES: readonly EventType[] = [
  'training_stats_scalar',
  'training_stats_vector',
  'training_debug_image',
  'plot',
  'log',
];

export const SCALAR = TYPE_CODES.training_stats_scalar;
export const VECTOR = TYPE_CODES.training_stats_vector;
export const IMAGE = TYPE_CODES.training_debug_image;
export const PLOT = TYPE_CODES.plot;
export const LOG = TYPE_CODES.log;

export function typeName(code: number): EventType {
  const name = TYPE_NAMES[code];
  if (name === undefined) throw new Error(`unknown event type code ${code}`);
  return name;
}

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(TYPE_CODES, value);
}

/** Stored `iter` of an event sent without one (-2^63, outside the accepted range). */
export const NO_ITER = -(2 ** 63);
/** Bound in SQL as a BigInt so SQLite keeps it an INTEGER (a double of -2^63 stays REAL). */
export const NO_ITER_PARAM = -(2n ** 63n);

export { SINGLE_VALUE_ITER };

/** Binds an iteration: NO_ITER as an exact 64-bit integer, anything else as a number. */
export function iterParam(iter: number): number | bigint {
  return iter === NO_ITER ? NO_ITER_PARAM : iter;
}
