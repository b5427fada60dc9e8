import { describe, expect, it } from 'vitest';

import { ApiError, isAbortError } from '../../src/api/errors.js';
import { ERRORS } from '../../src/wire/errors.js';
import { fail } from '../helpers/fake-server.js';
import { errorOf } from '../helpers/api-error.js';
import { withFakeServerClient } from '../helpers/fake-client.js';

const { server, client } = withFakeServerClient();

// Every status/code/subcode of docs/wire-facts.md §1.4 except the 401s, which the auth layer rewords (auth.test.ts).
const envelopeErrors = Object.entries(ERRORS).filter(([, e]) => e.httpStatus !== 401);

describe('error envelopes', () => {
  it.each(envelopeErrors)(
    'decodes %s into an ApiError with its status, code, subcode, message and endpoint',
    async (_name, error) => {
      const message = `${error.text}: id=abc`;
      server.reply('reports.update', {
        status: error.httpStatus,
        resultCode: error.code,
        resultSubcode: error.subcode,
        resultMsg: message,
      });
      const err = await errorOf(client.reports.update({ task: 'abc', name: 'new name' }));
      expect(err.kind).toBe('http');
      expect(err.httpStatus).toBe(error.httpStatus);
      expect(err.resultCode).toBe(error.code);
      expect(err.resultSubcode).toBe(error.subcode);
      expect(err.message).toBe(message);
      expect(err.endpoint).toBe('reports.update');
    },
  );

  it('decodes the 404 of an endpoint the server does not know, without retrying it', async () => {
    // Nothing is scripted for tasks.get_all_ex: the fake server answers like a real one without it.
    const err = await errorOf(client.tasks.getAllEx({}));
    expect(server.requestsTo('tasks.get_all_ex')).toHaveLength(1);
    expect(err.httpStatus).toBe(404);
    expect(err.resultSubcode).toBe(0);
    expect(err.message).toBe('Unable to find endpoint for name tasks.get_all_ex and version 2.31');
  });

  it('describes an error on one line naming the endpoint, without the server traceback', async () => {
    server.reply('reports.update', {
      ...fail(ERRORS.generalError),
      resultMsg: "General data error (AttributeError: 'NoneType' object\n has no attribute 'id')",
    });
    const err = await errorOf(client.reports.update({ task: 'abc' }));
    expect(err.describe()).toBe(
      "reports.update: General data error (AttributeError: 'NoneType' object has no attribute 'id') [500/0]",
    );
    expect(err.describe()).not.toMatch(/\n|Traceback|at .*\.ts/);
  });

  it('shows the HTTP status separately when it differs from the result code', () => {
    const err = new ApiError({
      kind: 'http',
      endpoint: 'events.add',
      httpStatus: 200,
      resultCode: 400,
      resultSubcode: 131,
      message: 'events not added',
    });
    expect(err.describe()).toBe('events.add: events not added [HTTP 200, 400/131]');
  });

  it('tells caller aborts apart from other failures', () => {
    expect(isAbortError(new ApiError({ kind: 'aborted', endpoint: 'x', message: 'request cancelled' }))).toBe(true);
    expect(isAbortError(new ApiError({ kind: 'timeout', endpoint: 'x', message: 'late' }))).toBe(false);
  });
});
