import {
  type EndpointName,
  type Endpoints,
  endpointPath,
  endpoints,
  type PathParams,
  type RequestBody,
} from '@thumbnail-studio/contract';
import type * as z from 'zod/mini';

/**
 * What a call of an endpoint takes: its path parameters and its body, each only where it has them,
 * and optionally a query string (`{ cursor }`, or pairs where a name repeats).
 */
type CallOptions<E extends Endpoints[EndpointName]> = (keyof PathParams<E> extends never
  ? { params?: undefined }
  : { params: PathParams<E> }) &
  (E extends { body: z.ZodMiniType } ? { body: RequestBody<E> } : { body?: undefined }) & {
    query?: Record<string, string | number> | [string, string][];
  };

type CallArgs<E extends Endpoints[EndpointName]> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/**
 * An answer as the test sees it: the status and the JSON body, whatever the status. The body is
 * left untyped: a test reads a success's fields and a refusal's `{ error, code }` from the same
 * answer, and indexes into lists it has just checked the length of.
 */
export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  body: any;
}

/**
 * A request written by hand as a given bearer token: for what the contract would not let one write
 * (a body that is not JSON or not the schema's, a path no endpoint has). A string body goes as is.
 */
function apiAs(baseUrl: string, token: string | undefined) {
  return async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: await jsonOf(response) } as Answer;
  };
}

/** The JSON of an answer, or undefined when it is empty. */
async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * The API as a given bearer token (none: unsigned), by the contract's names for its endpoints:
 * `call('sendMessage', { params: { id }, body: { content } })` sends the request the contract
 * describes and answers `{ status, body }`, whatever the status. Requests the contract would not
 * let one write (a malformed body, a made-up path) go through `call.raw(method, path, body)`.
 */
export function callAs(baseUrl: string, token: string | undefined) {
  const raw = apiAs(baseUrl, token);
  const call = <N extends EndpointName>(name: N, ...[options]: CallArgs<Endpoints[N]>): Promise<Answer> => {
    const endpoint: Endpoints[N] = endpoints[name];
    const query = Array.isArray(options?.query)
      ? options.query
      : Object.entries(options?.query ?? {}).map(([key, value]): [string, string] => [key, String(value)]);
    const search = new URLSearchParams(query).toString();
    const route = endpointPath(endpoint, (options?.params ?? {}) as PathParams<Endpoints[N]>);
    return raw(endpoint.method, search ? `${route}?${search}` : route, options?.body);
  };
  return Object.assign(call, { raw });
}

export type Call = ReturnType<typeof callAs>;
