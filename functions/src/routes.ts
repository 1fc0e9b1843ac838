import type { TableName } from './data/tables';

/**
 * The one route table. CDK builds the HTTP API routes from it and the local
 * server serves exactly these; no other backend code writes an `/api/...` path.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a function may touch; CDK grants exactly these and sets their environment variables. */
export interface FunctionAccess {
  tables: readonly TableName[];
  /** Read/write the images bucket (`IMAGES_BUCKET`). */
  bucket?: boolean;
  /** Send to the generation queue (`JOBS_QUEUE_URL`). */
  queue?: boolean;
  /** Read the app secrets (`APP_SECRETS_ARN`): provider and Stripe keys. */
  secrets?: boolean;
}

/** Lambda functions behind the API, one bundle each (`src/handlers/<name>.ts`). */
export const apiFunctions = {
  conversations: { tables: ['conversations', 'messages'], bucket: true },
  messages: {
    tables: ['conversations', 'messages', 'credits', 'models'],
    bucket: true,
    queue: true,
    secrets: true,
  },
  uploads: { tables: [], bucket: true },
  credits: { tables: ['credits'] },
} as const satisfies Record<string, FunctionAccess>;

/** Functions that are not behind the API: the queue's worker and the scheduled sweeper. */
export const backgroundFunctions = {
  /** Consumes the generation queue (SQS, batch size 1, partial batch failures). */
  worker: { tables: ['conversations', 'messages', 'credits', 'models'], bucket: true, secrets: true },
  /** Every 5 minutes: refunds jobs that never settled. */
  sweeper: { tables: ['messages', 'credits'] },
} as const satisfies Record<string, FunctionAccess>;

export type ApiFunctionName = keyof typeof apiFunctions;

export interface Route {
  method: HttpMethod;
  path: string;
  fn: ApiFunctionName;
  /** false only for routes that prove the caller another way (the Stripe webhook). */
  auth: boolean;
}

export const routes = [
  { method: 'GET', path: '/api/credits', fn: 'credits', auth: true },
  { method: 'GET', path: '/api/conversations', fn: 'conversations', auth: true },
  { method: 'POST', path: '/api/conversations', fn: 'conversations', auth: true },
  { method: 'PATCH', path: '/api/conversations/{id}', fn: 'conversations', auth: true },
  { method: 'DELETE', path: '/api/conversations/{id}', fn: 'conversations', auth: true },
  { method: 'GET', path: '/api/conversations/{id}/messages', fn: 'messages', auth: true },
  { method: 'POST', path: '/api/conversations/{id}/messages', fn: 'messages', auth: true },
  { method: 'GET', path: '/api/messages/{id}', fn: 'messages', auth: true },
  { method: 'GET', path: '/api/providers', fn: 'messages', auth: true },
  { method: 'POST', path: '/api/uploads', fn: 'uploads', auth: true },
  { method: 'POST', path: '/api/video-thumbnails', fn: 'uploads', auth: true },
] as const satisfies readonly Route[];

type AnyRoute = (typeof routes)[number];
/** API Gateway's route key, e.g. `GET /api/conversations/{id}`. */
export type RouteKey<F extends ApiFunctionName = ApiFunctionName> =
  Extract<AnyRoute, { fn: F }> extends infer R
    ? R extends AnyRoute
      ? `${R['method']} ${R['path']}`
      : never
    : never;

export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;
