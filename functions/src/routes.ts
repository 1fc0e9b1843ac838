import { type EndpointName, type Endpoints, endpoints, type HttpMethod } from '@thumbnail-studio/contract';
import type { TableName } from './data/tables';
import type { SecretGroup } from './lib/settings';

/** What a function may touch; CDK grants exactly these and sets their environment variables. */
export interface FunctionAccess {
  /** Tables whose items it reads and writes (`GetItem`, `Query`, `PutItem`, `UpdateItem`, in transactions too). */
  tables: readonly TableName[];
  /** Of those, the tables it deletes items from (`DeleteItem`, `BatchWriteItem`). */
  deletesFrom?: readonly TableName[];
  /** Of those, the tables it only reads (`GetItem`, `Query`): no write of any kind. */
  readOnly?: readonly TableName[];
  /**
   * The images bucket (`IMAGES_BUCKET`): `read` reads objects, `write` also stores them,
   * `delete` also deletes them.
   */
  bucket?: 'read' | 'write' | 'delete';
  /**
   * Hands out presigned URLs of the bucket, signed by a role of the function's own
   * (`IMAGE_SIGNER_ROLE_ARN`) that may GET, and PUT where `bucket` allows writing.
   */
  signsUrls?: true;
  /**
   * The generation queue (`JOBS_QUEUE_URL`): `send` enqueues jobs; `retry` is for the function the
   * queue delivers to, which may bring a failed delivery back sooner (ChangeMessageVisibility).
   */
  queue?: 'send' | 'retry';
  /** Read these groups of keys (`secretGroups`: provider keys, Stripe keys), each its own secret. */
  secrets?: readonly SecretGroup[];
}

/** Lambda functions behind the API, one bundle each (`src/handlers/<name>.ts`). */
export const apiFunctions = {
  /**
   * The hot reads (lists, message polling, the balance): no queue, no secrets, no image
   * processing, so its cold start loads none of the send path. Keep reads that need those elsewhere.
   */
  reads: { tables: ['conversations', 'messages', 'credits'], bucket: 'read', signsUrls: true },
  conversations: {
    // A deleted conversation's public links go with its messages.
    tables: ['conversations', 'messages', 'limits', 'shares'],
    deletesFrom: ['conversations', 'messages', 'shares'],
    bucket: 'delete',
  },
  messages: {
    tables: ['conversations', 'messages', 'credits', 'models', 'limits', 'shares'],
    // Attachments a send used are forgotten (their limit items) and deleted (their upload files);
    // a revoked public link is deleted.
    deletesFrom: ['limits', 'shares'],
    bucket: 'delete',
    signsUrls: true,
    queue: 'send',
    secrets: ['providers'],
  },
  uploads: { tables: ['limits'], bucket: 'write', signsUrls: true },
  payments: { tables: ['credits', 'limits'], secrets: ['stripe'] },
  models: {
    tables: ['models', 'limits'],
    deletesFrom: ['models', 'limits'],
    bucket: 'delete',
    signsUrls: true,
  },
  /**
   * The public pages of shared images, for anyone with a link: reads only (the link, its message,
   * the bytes of a picture made when it was shared), so no request without a token writes anything.
   */
  'public-shares': { tables: ['shares', 'messages'], readOnly: ['shares', 'messages'], bucket: 'read' },
} as const satisfies Record<string, FunctionAccess>;

/** Functions that are not behind the API: the queue's worker, the scheduled sweeper and ledger check. */
export const backgroundFunctions = {
  /** Consumes the generation queue (SQS, batch size 1, partial batch failures). */
  worker: {
    tables: ['conversations', 'messages', 'credits', 'models'],
    // A job that lost its settle deletes the images it stored.
    bucket: 'delete',
    queue: 'retry',
    secrets: ['providers'],
  },
  /** Every 5 minutes: refunds jobs that never settled. */
  sweeper: { tables: ['messages', 'credits'] },
  /**
   * Every hour for the users with new entries, every day for everyone: checks that every reserve
   * settled once and every balance equals its ledger. Reads only.
   */
  reconciler: { tables: ['credits'] },
} as const satisfies Record<string, FunctionAccess>;

export type ApiFunctionName = keyof typeof apiFunctions;

export interface Route {
  method: HttpMethod;
  path: string;
  fn: ApiFunctionName;
  /**
   * False only for the contract's public endpoints: the Stripe webhook (proven by its signature)
   * and a shared image's page and picture (found by an unguessable token).
   */
  auth: boolean;
}

/** Serves the contract's endpoint `name` with the Lambda function `fn`. */
const route = <N extends EndpointName, F extends ApiFunctionName>(name: N, fn: F) => {
  const endpoint: Endpoints[N] = endpoints[name];
  return {
    method: endpoint.method as Endpoints[N]['method'],
    path: endpoint.path as Endpoints[N]['path'],
    fn,
    auth: !('public' in endpoint && endpoint.public),
  };
};

/**
 * The one route table: which Lambda function serves each endpoint of the
 * shared contract. CDK builds the HTTP API routes from it and the local server
 * serves exactly these; no backend code writes an `/api/...` path.
 */
export const routes = [
  route('getCredits', 'reads'),
  route('getCreditHistory', 'reads'),
  route('createCheckoutSession', 'payments'),
  route('verifySession', 'payments'),
  route('stripeWebhook', 'payments'),
  route('listConversations', 'reads'),
  route('createConversation', 'conversations'),
  route('renameConversation', 'conversations'),
  route('deleteConversation', 'conversations'),
  route('listMessages', 'reads'),
  route('sendMessage', 'messages'),
  // With the creator's own key: what to give the provider, and storing what it made (image processing).
  route('getOwnKeyInputs', 'messages'),
  route('saveOwnKeyAnswer', 'messages'),
  route('getJobUpdates', 'reads'),
  route('getMessage', 'reads'),
  // Makes the download on first use: image processing, which `reads` leaves to the write side.
  route('getDownload', 'messages'),
  // Draws the new text over the image's base and stores the result: image processing, as above.
  route('editText', 'messages'),
  route('listProviders', 'messages'),
  route('listGallery', 'reads'),
  // Sharing makes the image's JPEG if no one has downloaded it yet: image processing, as above.
  route('shareImage', 'messages'),
  route('unshareImage', 'messages'),
  // Makes the JPEGs no one has downloaded yet, and zips them: image processing, as above.
  route('exportTestAndCompare', 'messages'),
  // A test names the caller's images (read from the messages) and signs their previews.
  route('createCompareTest', 'messages'),
  route('listCompareTests', 'messages'),
  route('recordCompareWinner', 'messages'),
  // Title ideas read the caller's images and ask the provider's text model: the provider keys.
  route('suggestTitles', 'messages'),
  route('getSharedPage', 'public-shares'),
  route('getSharedImage', 'public-shares'),
  route('uploadModel', 'models'),
  route('listModels', 'models'),
  route('updateModel', 'models'),
  route('deleteModel', 'models'),
  route('addModelImages', 'models'),
  route('deleteModelImage', 'models'),
  route('setPrimaryModelImage', 'models'),
  // The creator's brand kit is kept beside their models, and its logo is re-encoded like their photos.
  route('getBrandKit', 'models'),
  route('putBrandKit', 'models'),
  route('createUpload', 'uploads'),
  route('fetchVideoThumbnail', 'uploads'),
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
