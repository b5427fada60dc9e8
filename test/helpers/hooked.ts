// A test file's shared resource (a server, a harness, a client) is started by a hook and
// closed by its after-hook, once per file or once per test. The hook hands back a stand-in that
// forwards every property to the instance of the moment, so a file's setup is one line and its
// tests read `api.call(...)`. After-hooks run in reverse order, so a resource registered after
// another (a client of a server) is closed before it.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export interface Closable {
  close(): unknown;
}

/** Starts a resource before the file's tests (or, with `perTest`, before each) and closes it after. */
export function hooked<T extends Closable>(
  what: string,
  start: () => T | Promise<T>,
  opts: { perTest?: boolean } = {},
): T {
  let instance: T | undefined;
  (opts.perTest ? beforeEach : beforeAll)(async () => {
    instance = await start();
  });
  (opts.perTest ? afterEach : afterAll)(async () => {
    const done = instance;
    instance = undefined;
    await done?.close();
  });
  return forwardTo(what, () => instance);
}

/** Forwards property reads and writes to `current()`, which must exist by the time a test runs. */
export function forwardTo<T extends object>(what: string, current: () => T | undefined): T {
  const target = (): T => {
    const instance = current();
    if (instance === undefined) throw new Error(`${what} is used before its before-hook started it`);
    return instance;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const instance = target();
      const value: unknown = Reflect.get(instance, key, instance);
      return typeof value === 'function' ? value.bind(instance) : value;
    },
    set(_, key, value) {
      const instance = target();
      return Reflect.set(instance, key, value, instance);
    },
  });
}
