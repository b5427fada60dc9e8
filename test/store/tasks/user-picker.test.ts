// The `U` picker offers every user the server knows (users.get_all_ex), not only the users of
// the loaded rows: a person with a key pair who ran nothing yet can be chosen too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../src/server/auth/key-table.js';
import { createTask, monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';

let fx: MonitorFixture;

beforeAll(async () => {
  fx = await monitorFixture();
  await createTask(fx.writer, 'mine');
  createKey(fx.server.server.db, 'Quiet Colleague', Date.now());
  fx.store.getState().actions.start();
  await fx.until((s) => s.tasks.ids.length === 1 && !s.tasks.loading, 'the task list');
});
afterAll(async () => {
  await fx.close();
});

describe('the user picker', () => {
  it('lists a user with a key pair who owns no listed task, after loading', async () => {
    fx.store.getState().actions.requestUserFilter();
    await fx.until((s) => s.dialog?.kind === 'pick' && !s.dialog.loading, 'users loaded');
    const dialog = fx.state().dialog;
    const labels = dialog?.kind === 'pick' ? dialog.options.map((o) => o.label) : [];
    expect(labels[0]).toBe('(all users)');
    expect(labels).toContain('Quiet Colleague');
    expect(fx.proxy.endpoints()).toContain('users.get_all_ex');
  });
});
