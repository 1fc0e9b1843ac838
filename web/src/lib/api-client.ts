import {
  codeForStatus,
  type Endpoint,
  type ErrorCode,
  endpointPath,
  errorCodeSchema,
  INTERNAL_ERROR_TEXT,
  type PathParams,
  type RequestBody,
  type ResponseBody,
  rateLimitedText,
} from '@thumbnail-studio/contract';
import { fetchAuthSession } from 'aws-amplify/auth';
import type * as z from 'zod/mini';
import { getRuntimeConfig } from '../config/runtime-config';
import { ApiError } from './api-error';

export { ApiError } from './api-error';

const NETWORK_ERROR = 'Network error. Please check your connection and try again.';
/** No answer at all: to the app the service is unavailable, and like one it is worth another try. */
const networkError = () => new ApiError('service_unavailable', NETWORK_ERROR);

/**
 * What a call of `endpoint` needs: its path parameters and its body, each only where it has them, and
 * optionally a query string (e.g. `{ cursor }`).
 */
type CallOptions<E extends Endpoint> = (keyof PathParams<E> extends never
  ? { params?: undefined }
  : { params: PathParams<E> }) &
  (E['body'] extends z.ZodMiniType ? { body: RequestBody<E> } : { body?: undefined }) & {
    query?: Record<string, string>;
  };

type CallArgs<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

async function accessToken(forceRefresh: boolean): Promise<string | undefined> {
  try {
    const session = await fetchAuthSession({ forceRefresh });
    return session.tokens?.accessToken?.toString();
  } catch (error) {
    console.warn('Could not read the auth session', error);
    return undefined;
  }
}

/** Whether a signed-in session holds an access token (without asking the API). */
export async function hasSignedInSession(): Promise<boolean> {
  return (await accessToken(false)) !== undefined;
}

/** What a request accepts: JSON, or a file (whose refusals are JSON all the same). */
type Accept = 'application/json' | 'application/zip, application/json';

async function send(endpoint: Endpoint, path: string, body: unknown, forceRefresh: boolean, accept: Accept) {
  const headers: Record<string, string> = { Accept: accept };
  const token = await accessToken(forceRefresh);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(`${getRuntimeConfig().apiBase}${path}`, {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw networkError();
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const fieldOf = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

/** The code of a failed answer: the one it carries, else the one its status stands for (gateway answers). */
function codeOf(response: Response, body: unknown): ErrorCode {
  const carried = errorCodeSchema.safeParse(fieldOf(body, 'code'));
  return carried.success ? carried.data : codeForStatus(response.status);
}

/**
 * Error bodies are `{ error, code }`; the gateway's own answers are `{ message }`. The
 * gateway's throttle says only 'Too Many Requests', so it gets the backend's words, with
 * the wait its `Retry-After` names.
 */
function messageOf(response: Response, body: unknown): string {
  const error = fieldOf(body, 'error');
  if (typeof error === 'string' && error) return error;
  if (response.status === 429)
    return rateLimitedText(Number(response.headers.get('retry-after')) || undefined);
  const message = fieldOf(body, 'message');
  return typeof message === 'string' && message ? message : INTERNAL_ERROR_TEXT;
}

/**
 * Sends a call of `endpoint`: fills in its path and query string, sends the Cognito access token and
 * the body. A failed answer becomes an `ApiError` with the answer's code; an `unauthorized` one is
 * retried once with a refreshed token. Answers the successful response, its body unread.
 */
async function request<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> | undefined,
  accept: Accept,
): Promise<Response> {
  const search = new URLSearchParams(options?.query).toString();
  const route = endpointPath(endpoint, (options?.params ?? {}) as PathParams<E>);
  const path = search ? `${route}?${search}` : route;
  const body: unknown = options?.body;
  let response = await send(endpoint, path, body, false, accept);
  if (response.ok) return response;
  let json = await readJson(response);
  // An expired access token is refreshed once; a second refusal is a real sign-in problem.
  if (codeOf(response, json) === 'unauthorized') {
    response = await send(endpoint, path, body, true, accept);
    if (response.ok) return response;
    json = await readJson(response);
  }
  throw new ApiError(codeOf(response, json), messageOf(response, json), json);
}

/**
 * Calls an endpoint of the contract (see `request`) and returns the answer checked against the
 * endpoint's response schema.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  ...[options]: CallArgs<E>
): Promise<ResponseBody<E>> {
  const response = await request(endpoint, options, 'application/json');
  const json = await readJson(response);
  if (!endpoint.response) return undefined as ResponseBody<E>;
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected response from ${endpoint.method} ${endpoint.path}`, parsed.error.issues);
    throw new ApiError('internal', INTERNAL_ERROR_TEXT);
  }
  return parsed.data as ResponseBody<E>;
}

/** Calls an endpoint that answers a file (`answers: 'zip'`) like `callApi`, and returns the file. */
export async function fileFromApi<E extends Endpoint & { answers: 'zip' }>(
  endpoint: E,
  ...[options]: CallArgs<E>
): Promise<Blob> {
  const response = await request(endpoint, options, 'application/zip, application/json');
  try {
    return await response.blob();
  } catch {
    throw networkError();
  }
}

/**
 * A request to a presigned storage URL (another origin): no bearer token, since the signature is the
 * permission. Failures become `ApiError` like the API's own, with `failure` as their message.
 */
async function storage(url: string, init: RequestInit, failure: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw networkError();
  }
  if (!response.ok) throw new ApiError(codeForStatus(response.status), failure);
  return response;
}

/** PUTs bytes to a presigned upload URL with the headers the API asked for. */
export async function putToStorage(
  url: string,
  body: Blob,
  headers: Record<string, string>,
  failure: string,
) {
  await storage(url, { method: 'PUT', body, headers }, failure);
}

/** Reads a presigned download URL as a blob. */
export async function blobFromStorage(url: string, failure: string): Promise<Blob> {
  return (await storage(url, {}, failure)).blob();
}
