import { fetchAuthSession } from 'aws-amplify/auth';
import type { z } from 'zod';
import { getRuntimeConfig } from '../config/runtime-config';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from './api-error';

export { ApiError } from './api-error';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

const NETWORK_ERROR = 'Network error. Please check your connection and try again.';

async function accessToken(forceRefresh: boolean): Promise<string | undefined> {
  try {
    const session = await fetchAuthSession({ forceRefresh });
    return session.tokens?.accessToken?.toString();
  } catch (error) {
    console.warn('Could not read the auth session', error);
    return undefined;
  }
}

async function send(method: Method, path: string, body: unknown, forceRefresh: boolean): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = await accessToken(forceRefresh);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(`${getRuntimeConfig().apiBase}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
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

/** Error bodies are `{ error }`; the authorizer answers `{ message }`. */
function messageOf(body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return UNEXPECTED_ERROR_MESSAGE;
}

async function request<T>(method: Method, path: string, schema: z.ZodType<T> | null, body?: unknown) {
  let response = await send(method, path, body, false);
  // An expired access token is refreshed once; a second 401 is a real sign-in problem.
  if (response.status === 401) response = await send(method, path, body, true);
  const json = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, messageOf(json), json);
  if (!schema) return undefined as T;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(response.status, UNEXPECTED_ERROR_MESSAGE);
  }
  return parsed.data;
}

/**
 * A request to a presigned storage URL (another origin): no bearer token, since the signature is the
 * permission. Failures become `ApiError` like the API's own.
 */
async function storage(url: string, init: RequestInit, failure: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!response.ok) throw new ApiError(response.status, failure);
  return response;
}

/** The one typed API client: attaches the Cognito access token and turns error JSON into `ApiError`. */
export const api = {
  get: <T>(path: string, schema: z.ZodType<T>) => request('GET', path, schema),
  post: <T>(path: string, body: unknown, schema: z.ZodType<T>) => request('POST', path, schema, body),
  patch: <T>(path: string, body: unknown, schema: z.ZodType<T>) => request('PATCH', path, schema, body),
  delete: (path: string) => request<void>('DELETE', path, null),
  /** PUTs bytes to a presigned upload URL with the headers the API asked for. */
  putToStorage: async (url: string, body: Blob, headers: Record<string, string>, failure: string) => {
    await storage(url, { method: 'PUT', body, headers }, failure);
  },
  /** Reads a presigned download URL as a blob. */
  blobFromStorage: async (url: string, failure: string) => (await storage(url, {}, failure)).blob(),
};
