// Reading the wire: requests and answers arrive as parsed JSON of unknown shape, and every
// layer that reads them first asks whether a value is a JSON object.

export type JsonObject = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
