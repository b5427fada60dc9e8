// Every handler is tied to its endpoint's wire request type. At compile time the handler table
// (src/server/handlers/routes.ts) is typed by the served-operations table (src/wire/operations.ts): each
// entry must carry a shape made by requestShape<ThatRequest>(), and `validate` accepts no other
// shape. Here: the table has exactly the served endpoints (spreads escape the compiler's extra-key
// check), and each handler really refuses what its shape refuses, over real HTTP.
import { describe, expect, it } from 'vitest';
import type { FieldRule } from '../../src/server/http/validate.js';
import { HANDLERS } from '../../src/server/handlers/routes.js';
import { SERVED_ENDPOINTS } from '../../src/wire/operations.js';
import { withApi } from '../helpers/http.js';

const api = withApi();

type Entry = { shape?: Record<string, FieldRule<unknown>>; checkedBy?: string };
const entries = Object.entries(HANDLERS) as [string, Entry][];

/** A value the rule refuses, so that the answer must name the field. */
function refused(rule: FieldRule<unknown>, field: string): unknown {
  for (const candidate of [{ bogus: 1 }, 7, 'not-a-valid-value', true]) {
    try {
      rule.check(candidate, field);
    } catch {
      return candidate;
    }
  }
  return undefined;
}

async function call(endpoint: string, body: unknown) {
  return endpoint === 'auth.login' ? api.call(endpoint, body, { auth: api.basic }) : api.call(endpoint, body);
}

describe('handler table', () => {
  it('has one handler for every served endpoint and nothing else', () => {
    expect(Object.keys(HANDLERS).sort()).toEqual([...SERVED_ENDPOINTS].sort());
  });

  it('gives every handler a request shape, except events checked one by one and list queries', () => {
    const elsewhere = entries.filter(([, h]) => h.shape === undefined).map(([k, h]) => `${k}: ${h.checkedBy}`);
    expect(elsewhere.sort()).toEqual(
      [
        'events.add: per event',
        'events.add_batch: per event',
        'models.get_all: query',
        'models.get_all_ex: query',
        'projects.get_all: query',
        'projects.get_all_ex: query',
        'queues.get_all: query',
        'queues.get_all_ex: query',
        'reports.get_all_ex: query',
        'reports.get_task_data: query',
        'tasks.get_all: query',
        'tasks.get_all_ex: query',
      ].sort(),
    );
  });
});

describe.each(entries.filter(([, h]) => h.shape !== undefined))('%s', (endpoint, h) => {
  const shape = h.shape as Record<string, FieldRule<unknown>>;
  const fields = Object.keys(shape);

  it('refuses a wrong value for the first field of its shape, naming it', async () => {
    const field = fields.find((f) => refused(shape[f] as FieldRule<unknown>, f) !== undefined);
    if (field === undefined) return expect(fields).toEqual([]);
    const r = await call(endpoint, { [field]: refused(shape[field] as FieldRule<unknown>, field) });
    expect([r.status, r.subcode]).toEqual([400, 12]);
    expect(r.msg).toContain(`error for field '${field}`);
  });

  it('asks for the first required field of its shape', async () => {
    const required = fields.find((f) => {
      try {
        (shape[f] as FieldRule<unknown>).check(undefined, f);
        return false;
      } catch {
        return true;
      }
    });
    const r = await call(endpoint, {});
    if (required === undefined) return expect(r.status).not.toBe(500);
    expect([r.status, r.subcode]).toEqual([400, 12]);
    expect(r.msg).toContain(`error for field '${required}'. field is required`);
  });
});
