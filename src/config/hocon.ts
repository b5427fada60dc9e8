import { parseHoconDocument } from './hocon-parser.js';
import { resolveSubstitutions } from './hocon-resolver.js';
import type { ConfigObject, ConfigValue, Env } from './hocon-types.js';

export interface HoconResult {
  root: ConfigObject;
  warnings: string[];
}

/** Parse one HOCON text and resolve its substitutions against itself and `env`. */
export function parseHocon(text: string, options: { file: string; env: Env }): HoconResult {
  const { root, warnings } = parseHoconDocument(text, options.file);
  return { root: resolveSubstitutions(root, options.env), warnings };
}

/** The value at `path` (keys, not a dotted string, so keys containing '.' stay reachable). */
export function getConfigValue(root: ConfigObject, path: readonly string[]): ConfigValue | undefined {
  let current: ConfigValue | undefined = root;
  for (const key of path) {
    if (current?.kind !== 'object') return undefined;
    current = current.fields.get(key);
  }
  return current;
}

/** Plain JSON-like data without positions (for display and tests). */
export function toPlain(value: ConfigValue): unknown {
  switch (value.kind) {
    case 'object':
      return Object.fromEntries([...value.fields].map(([key, child]) => [key, toPlain(child)]));
    case 'array':
      return value.items.map(toPlain);
    case 'string':
      return value.text;
    case 'number':
    case 'boolean':
      return value.value;
    case 'null':
      return null;
  }
}
