// A test file's shared resource (a server, a harness) is started by a hook and replaced per
// test or per file. The hooks hand back a stand-in that forwards every property to the
// instance of the moment, so a file's setup is one line and its tests read `api.call(...)`.

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
