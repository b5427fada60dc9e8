// Counts the store's calls in flight per endpoint at the client, where the store starts and
// aborts them. A proxy cannot tell: an aborted call's socket closing and the next call's bytes
// arrive on two sockets, and the proxy may read them in either order. The calls themselves go
// to the real client unchanged; only their start and end are noted.
import type { StoreClient } from '../../src/store/client.js';

export interface InFlightCounter {
  client: StoreClient;
  /** The most calls of one method in flight at once, by `service.method`. */
  maxInFlight: Map<string, number>;
  /**
   * Calls whose promise has not settled yet, all methods together: an aborted call counts until
   * it rejects, since the store may still be awaiting it.
   */
  unsettled(): number;
}

const SERVICES = ['reports', 'events', 'projects', 'tasks', 'models'] as const;

type Method = (body: unknown, options?: { signal?: AbortSignal }) => Promise<unknown>;

export function countInFlight(client: StoreClient): InFlightCounter {
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  let unsettled = 0;
  const wrap = (name: string, method: Method, self: object): Method =>
    function counted(body, options) {
      const now = (inFlight.get(name) ?? 0) + 1;
      inFlight.set(name, now);
      maxInFlight.set(name, Math.max(maxInFlight.get(name) ?? 0, now));
      // A call ends when it settles or, earlier, when its signal aborts it: the store aborts a
      // call and starts the next one in the same turn, before the aborted promise settles.
      let ended = false;
      const signal = options?.signal;
      const end = (): void => {
        if (ended) return;
        ended = true;
        inFlight.set(name, (inFlight.get(name) ?? 1) - 1);
        signal?.removeEventListener('abort', end);
      };
      if (signal?.aborted === true) end();
      else signal?.addEventListener('abort', end, { once: true });
      unsettled += 1;
      const answer = method.call(self, body, options);
      const settled = (): void => {
        unsettled -= 1;
        end();
      };
      answer.then(settled, settled);
      return answer;
    };
  // The client's service objects are frozen: each is copied with its methods wrapped.
  const counted = Object.fromEntries(
    SERVICES.map((service) => {
      const group = client[service] as unknown as Record<string, unknown>;
      const methods = Object.entries(group).map(([key, value]) =>
        typeof value === 'function' ? [key, wrap(`${service}.${key}`, value as Method, group)] : [key, value],
      );
      return [service, Object.fromEntries(methods)];
    }),
  );
  return { client: counted as unknown as StoreClient, maxInFlight, unsettled: () => unsettled };
}
