import { cleanup } from '@testing-library/react';
import {
  type Endpoint,
  ERROR_STATUS,
  type ErrorCode,
  type ResponseBody,
  type RuntimeConfig,
} from '@thumbnail-studio/contract';
import { type DefaultBodyType, HttpResponse, http, type StrictRequest } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadRuntimeConfig } from '../config/runtime-config';

/** Where the fake API answers; the runtime config points the API client at it. */
export const API_BASE = 'http://api.test';

export const testConfig: RuntimeConfig = {
  stage: 'test',
  region: 'us-east-1',
  userPoolId: 'us-east-1_test',
  userPoolClientId: 'test-client',
  authFlow: 'USER_PASSWORD_AUTH',
  apiBase: API_BASE,
};

/** The network of a test: only what a test answers is reachable; anything else fails the test. */
export const server = setupServer(http.get('*/config.json', () => HttpResponse.json(testConfig)));

/** The URL pattern of an endpoint for msw: API Gateway's `{id}` becomes `:id`. */
const urlOf = (endpoint: Endpoint) => `${API_BASE}${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`;

interface Call {
  request: StrictRequest<DefaultBodyType>;
  params: Record<string, string>;
}

/** Answers `endpoint` with `resolve`, whose result is sent as is (a Response) or as JSON with status 200. */
export function answer<E extends Endpoint>(
  endpoint: E,
  resolve: (call: Call) => Response | ResponseBody<E> | Promise<Response | ResponseBody<E>>,
) {
  const method = endpoint.method.toLowerCase() as Lowercase<E['method']>;
  return http[method](urlOf(endpoint), async ({ request, params }) => {
    const result = await resolve({ request, params: params as Record<string, string> });
    return result instanceof Response ? result : HttpResponse.json(result as DefaultBodyType);
  });
}

/** An error answer as the backend writes it: `{ error, code }` with the code's status, plus `extra`. */
export const refusal = (code: ErrorCode, error: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ error, code, ...extra }, { status: ERROR_STATUS[code] });

/**
 * Starts the fake network for a test file and loads the runtime config through it. Amplify is not
 * configured in tests, so requests go without a token.
 */
export function withFakeApi() {
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    await loadRuntimeConfig();
  });
  afterEach(() => {
    cleanup();
    server.resetHandlers();
  });
  afterAll(() => server.close());
}

/** A promise to hold an answer back until the test lets it go. */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
