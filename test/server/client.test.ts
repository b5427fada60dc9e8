// The embedded server through the typed client the monitor uses (src/api).
import { describe, expect, it } from 'vitest';
import { isApiError, scrollReports } from '../../src/api/index.js';
import { withClient } from '../helpers/client.js';
import { withTestServer } from '../helpers/server.js';

const server = withTestServer();
const client = withClient(() => server);

describe('typed client against the embedded server', () => {
  it('logs in and reads the server identity from the token', async () => {
    const info = await client.serverInfo();
    expect(info).toMatchObject({ apiVersion: '2.31', company: 'tracktop' });
    expect(info.tokenExpiresAt).toBeGreaterThan(Date.now());
  });

  it('creates reports with bodies, lists them by scroll and publishes one', async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i++)
      created.push((await client.reports.create({ name: `client report ${i}`, report: `# body ${i}` })).id);
    const pages: string[][] = [];
    for await (const page of scrollReports(client, { only_fields: ['name', 'report'] }, { size: 2 }))
      pages.push(page.map((r) => r.id));
    expect(pages.flat()).toEqual(created);
    const [first] = (await client.reports.getAllEx({ id: [created[0]!], only_fields: ['report'] })).tasks;
    expect(first?.report).toBe('# body 0');
    const published = await client.reports.publish({ task: created[1]!, message: 'ok', comment: 'ok' });
    expect(published.fields.status).toBe('published');
  });

  it('surfaces server errors as ApiError with status, code and subcode', async () => {
    const err = await client.reports.delete({ task: 'f'.repeat(32) }).catch((e: unknown) => e);
    expect(isApiError(err)).toBe(true);
    expect(err).toMatchObject({ httpStatus: 400, resultCode: 400, resultSubcode: 101 });
  });
});
