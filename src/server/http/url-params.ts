// Query-string parameters merged into the request body (docs/wire-facts.md §1.1): `a.b=1` nests,
// repeated keys or `k[]` make a list, numeric strings become numbers, true/false booleans.

function convert(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  // Only when the number prints back identically: ids like "007" or long digit runs stay text.
  if (/^-?\d+(\.\d+)?$/.test(value) && String(Number(value)) === value) return Number(value);
  return value;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function parseQueryParams(search: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const params = new URLSearchParams(search);
  const seen = new Map<string, unknown[]>();
  const forcedList = new Set<string>();
  for (const [rawKey, value] of params) {
    let key = rawKey;
    if (key.endsWith('[]')) {
      key = key.slice(0, -2);
      forcedList.add(key);
    }
    if (!key) continue;
    const list = seen.get(key) ?? [];
    list.push(convert(value));
    seen.set(key, list);
  }
  for (const [key, values] of seen) {
    const value = values.length > 1 || forcedList.has(key) ? values : values[0];
    const parts = key.split('.');
    if (parts.some((p) => p === '' || FORBIDDEN_KEYS.has(p))) continue;
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[parts[parts.length - 1] as string] = value;
  }
  return out;
}
