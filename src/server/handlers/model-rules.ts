// Validation rules for the fields of models.create / edit that are not plain strings.
import { ERRORS } from '../../wire/errors.js';
import { isObject } from '../../wire/json.js';
import { ServerError } from '../http/errors.js';
import { v, type FieldRule } from '../http/validate.js';

/** `{label: id}` with integer ids, as real servers require. */
export const labelsRule: FieldRule<Record<string, number>> & { optional: true } = {
  optional: true,
  check(value, path) {
    if (value === undefined || value === null) return undefined as unknown as Record<string, number>;
    if (!isObject(value)) throw new ServerError(ERRORS.validationError, `error for field '${path}'. expected object`);
    for (const [label, id] of Object.entries(value))
      if (typeof id !== 'number' || !Number.isInteger(id))
        throw new ServerError(ERRORS.validationError, `labels values must be integers (label '${label}')`);
    return value as Record<string, number>;
  },
};

export const metadataItemRule = v.obj({ key: v.str(), type: v.str().opt(), value: v.str().opt() });

/** A model's content fields, all optional, as models.create and models.edit take them. */
export const MODEL_CONTENT_RULES = {
  uri: v.str().opt(),
  framework: v.str().opt(),
  design: v.anyObj().opt(),
  labels: labelsRule,
  parent: v.str().opt(),
  metadata: v.list(metadataItemRule).opt(),
};
