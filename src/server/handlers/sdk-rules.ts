// Validation rules for the object-valued fields of the SDK's task calls.
import type { ConfigurationItem, ParamsItem } from '../../wire/tasks.js';
import { ERRORS } from '../../wire/errors.js';
import { ServerError } from '../http/errors.js';
import { v, type FieldRule } from '../http/validate.js';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

function fail(path: string, what: string): never {
  throw new ServerError(ERRORS.validationError, `error for field '${path}'. ${what}`);
}

/** An optional field checked by `check` when present (absent or null → undefined). */
function optionalRule<T>(check: (value: unknown, path: string) => T): FieldRule<T> & { optional: true } {
  return {
    optional: true,
    check: (value, path) => (value === undefined || value === null ? (undefined as T) : check(value, path)),
  };
}

function object(value: unknown, path: string): Obj {
  if (!isObj(value)) fail(path, 'expected object');
  return value;
}

const ITEM_TEXT_FIELDS = ['section', 'name', 'value', 'type', 'description'] as const;

/** `{section?, name?, value?, type?, description?}` with string values (numbers are kept as text). */
function paramsItem(value: unknown, path: string): ParamsItem {
  const item = object(value, path);
  const out: Obj = {};
  for (const key of ITEM_TEXT_FIELDS) {
    const field = item[key];
    if (field === undefined || field === null) continue;
    if (typeof field === 'number' || typeof field === 'boolean') out[key] = String(field);
    else if (typeof field === 'string') out[key] = field;
    else fail(`${path}.${key}`, 'expected string');
  }
  return out as ParamsItem;
}

/** An object-valued field kept whole (script, execution, runtime, models, container). */
export function jsonObjectRule<T extends Obj = Obj>(): FieldRule<T> & { optional: true } {
  return optionalRule((value, path) => object(value, path) as T);
}

/** tasks.edit `hyperparams`: {section: {name: ParamsItem}}. */
export const hyperparamSectionsRule = optionalRule((value, path) => {
  const out: Record<string, Record<string, ParamsItem>> = {};
  for (const [section, params] of Object.entries(object(value, path))) {
    const items: Record<string, ParamsItem> = {};
    for (const [name, item] of Object.entries(object(params, `${path}.${section}`)))
      items[name] = { section, name, ...paramsItem(item, `${path}.${section}.${name}`) };
    out[section] = items;
  }
  return out;
});

/** tasks.edit `configuration`: {name: ConfigurationItem}. */
export const configurationMapRule = optionalRule((value, path) => {
  const out: Record<string, ConfigurationItem> = {};
  for (const [name, item] of Object.entries(object(value, path)))
    out[name] = { name, ...(paramsItem(item, `${path}.${name}`) as ConfigurationItem) };
  return out;
});

export const paramsItemRule: FieldRule<ParamsItem> = { optional: false, check: paramsItem };
export const configurationItemRule: FieldRule<ConfigurationItem> = {
  optional: false,
  check: (value, path) => paramsItem(value, path) as ConfigurationItem,
};

export const artifactRule = v.obj({
  key: v.str(),
  type: v.str(),
  mode: v.oneOf(['input', 'output'] as const).opt(),
  uri: v.str().opt(),
  content_size: v.int().opt(),
  hash: v.str().opt(),
  timestamp: v.int().opt(),
  type_data: v.obj({ preview: v.str().opt(), content_type: v.str().opt(), data_hash: v.str().opt() }).opt(),
  display_data: v.list(v.list(v.str())).opt(),
});
