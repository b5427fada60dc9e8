// users.get_all_ex / users.get_current_user: every person with a key pair, as real servers list
// the users of a company (the monitor's user picker offers them all, not only those of loaded rows).
import { describe, expect, it } from 'vitest';
import { createKey } from '../../../src/server/auth/key-table.js';
import { basicAuth, send, withApi, type Answer } from '../../helpers/http.js';

const api = withApi();

describe('users', () => {
  it('lists every person with a key pair, whether or not they ran anything', async () => {
    const { db } = api.server.server;
    const ann = createKey(db, 'Ann', Date.parse('2025-02-01T00:00:00Z'));
    const bob = createKey(db, 'Bob', Date.parse('2025-02-02T00:00:00Z'));
    const asBob = basicAuth(bob.accessKey, bob.secretKey);
    const { id: project } = (await send(api.server.url, '/projects.create', { name: 'bobs' }, { auth: asBob })).data;
    expect(
      (await send(api.server.url, '/tasks.create', { name: 'run', type: 'training', project }, { auth: asBob })).status,
    ).toBe(200);

    const all = (await api.ok('users.get_all_ex', {})).users as Answer[];
    expect(all.map((u) => u.name)).toEqual(['Ann', 'Bob', expect.stringMatching(/^tracktop user /)]);
    expect(all[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      name: 'Ann',
      company: expect.stringMatching(/^[0-9a-f]{32}$/),
      role: 'admin',
      created: '2025-02-01T00:00:00+00:00',
    });
    const named = (await api.ok('users.get_all_ex', { only_fields: ['name'] })).users as Answer[];
    expect(named[1]).toEqual({ id: all[1].id, name: 'Bob' });
    const active = (await api.ok('users.get_all_ex', { active_in_projects: [project] })).users as Answer[];
    expect(active.map((u) => u.name)).toEqual(['Bob']);
    const byId = (await api.ok('users.get_all_ex', { id: [all[0].id] })).users as Answer[];
    expect(byId.map((u) => u.name)).toEqual(['Ann']);

    const me = await send(
      api.server.url,
      '/users.get_current_user',
      {},
      { auth: basicAuth(ann.accessKey, ann.secretKey) },
    );
    expect(me.status).toBe(200);
    expect(me.data).toEqual({
      user: {
        id: all[0].id,
        name: 'Ann',
        company: { id: all[0].company, name: 'tracktop' },
        role: 'admin',
        created: '2025-02-01T00:00:00+00:00',
      },
      getting_started: null,
    });
  });
});
