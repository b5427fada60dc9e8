// What the client expects of an answer, and a plain description of the first way an answer
// differs. Only the fields the monitor reads are described; extra fields are fine. An optional
// field may be absent or null (servers leave unset fields out or send null).
import { isObject } from '../wire/json.js';

export type Shape =
  'string' | 'number' | 'object' | { arrayOf: Shape } | { fields: Record<string, Shape>; optional?: readonly string[] };

function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function expected(shape: Shape): string {
  if (typeof shape === 'string') return shape === 'object' ? 'an object' : `a ${shape}`;
  if ('arrayOf' in shape) return 'an array';
  return 'an object';
}

/** `undefined` when `value` fits `shape`, else "<path> is <what>, expected <what>". */
export function shapeMismatch(value: unknown, shape: Shape, path = 'the answer'): string | undefined {
  const fits =
    shape === 'string' || shape === 'number'
      ? typeof value === shape && !(shape === 'number' && !Number.isFinite(value))
      : shape === 'object' || 'fields' in shape
        ? isObject(value)
        : Array.isArray(value);
  if (!fits) return `${path} is ${kindOf(value)}, expected ${expected(shape)}`;
  if (typeof shape === 'string') return undefined;
  if ('arrayOf' in shape) {
    const items = value as unknown[];
    for (let i = 0; i < items.length; i++) {
      const problem = shapeMismatch(items[i], shape.arrayOf, `${path}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  const obj = value as Record<string, unknown>;
  for (const [name, fieldShape] of Object.entries(shape.fields)) {
    if ((obj[name] === undefined || obj[name] === null) && shape.optional?.includes(name)) continue;
    const problem = shapeMismatch(obj[name], fieldShape, path === 'the answer' ? name : `${path}.${name}`);
    if (problem) return problem;
  }
  return undefined;
}
