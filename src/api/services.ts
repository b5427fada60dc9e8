// The camelCase function names of every operation, grouped by service, made from the endpoint
// table (src/wire/operations.ts) so the two cannot drift. The client builds one function per
// entry from this table.
import { ENDPOINTS, type Endpoint, type RequestOf, type ResponseOf } from '../wire/operations.js';

/** `get_all_ex` → `getAllEx`. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${CamelCase<Capitalize<Tail>>}`
  : S;
type ServiceOf<E extends string> = E extends `${infer S}.${string}` ? S : never;

/** Each service's endpoints under their camelCase function names: `tasks.getAllEx` → `'tasks.get_all_ex'`. */
type ServiceMethods = {
  readonly [S in ServiceOf<Endpoint>]: {
    readonly [E in Endpoint as E extends `${S}.${infer Action}` ? CamelCase<Action> : never]: E;
  };
};

function camelCase(action: string): string {
  return action.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function serviceMethods(): ServiceMethods {
  const services: Record<string, Record<string, Endpoint>> = {};
  for (const endpoint of ENDPOINTS) {
    const [service = '', action = ''] = endpoint.split('.');
    (services[service] ??= {})[camelCase(action)] = endpoint;
  }
  return services as unknown as ServiceMethods;
}

export const SERVICE_METHODS = serviceMethods();

export type ServiceName = keyof typeof SERVICE_METHODS;

export interface CallOptions<P = never> {
  signal?: AbortSignal | undefined;
  /** Total deadline of this call in ms (default: the client's). */
  timeoutMs?: number | undefined;
  /**
   * Reads a successful answer's body before it is decoded: a value it returns or resolves (not
   * undefined) is the call's result instead, and the body is never parsed (for pages mostly
   * skipped).
   */
  peek?: ((body: string) => P | undefined | Promise<P | undefined>) | undefined;
  /** Sees a successful answer's bytes before they are decoded (before `peek`); the call waits for what it returns. */
  peekBytes?: ((body: Buffer) => unknown) | undefined;
  /** Called when the request leaves on a connection (each time, when it is sent again). */
  onSent?: (() => void) | undefined;
}

/** The request may be left out when an empty object is a valid request (auth.login, reports.get_tags, ...). */
type CallArgs<K extends Endpoint, P = never> =
  Record<string, never> extends RequestOf<K>
    ? [req?: RequestOf<K>, opts?: CallOptions<P>]
    : [req: RequestOf<K>, opts?: CallOptions<P>];

export type OperationFn<K extends Endpoint> = <P = never>(...args: CallArgs<K, P>) => Promise<ResponseOf<K> | P>;

type ServiceClient<M extends Record<string, Endpoint>> = { readonly [F in keyof M]: OperationFn<M[F]> };

export type ServiceClients = { readonly [S in ServiceName]: ServiceClient<(typeof SERVICE_METHODS)[S]> };
