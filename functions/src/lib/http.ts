import type { ErrorBody, ErrorCode } from '@thumbnail-studio/contract';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type * as z from 'zod/mini';
import { AppError, BadRequestError, INTERNAL_ERROR_TEXT, NotFoundError, UnauthorizedError } from './errors';
import { logger } from './logger';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** What an operation gets: the verified caller, the path parameters and the raw event. */
export interface ApiRequest {
  userId: string;
  params: Record<string, string | undefined>;
  event: ApiEvent;
}

export type Operation = (request: ApiRequest) => Promise<ApiResult>;

/** A JSON answer; never cached, by the browser or by CloudFront (whose API policy compresses it). */
export const json = (statusCode: number, body: unknown): ApiResult => ({
  statusCode,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

/**
 * A file for the browser to save under `filename`: the bytes base64-encoded, as API Gateway
 * expects a binary answer; never cached.
 */
export const fileAnswer = (filename: string, contentType: string, bytes: Uint8Array): ApiResult => ({
  statusCode: 200,
  headers: {
    'content-type': contentType,
    // Only characters a quoted header value and every file system keep.
    'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    'cache-control': 'no-store',
  },
  body: Buffer.from(bytes).toString('base64'),
  isBase64Encoded: true,
});

/**
 * A picture shown in place (an `<img>`, a link preview): the bytes base64-encoded, as API Gateway
 * expects a binary answer; never kept by a browser, CloudFront or a proxy, so each view asks again.
 */
export const imageAnswer = (contentType: string, bytes: Uint8Array): ApiResult => ({
  statusCode: 200,
  headers: { 'content-type': contentType, 'cache-control': 'no-store' },
  body: Buffer.from(bytes).toString('base64'),
  isBase64Encoded: true,
});

export const noContent = (): ApiResult => ({ statusCode: 204 });

/** An error answer: the sentence a person reads, its code, and any extra fields the client needs. */
export const errorAnswer = (status: number, code: ErrorCode, error: string, extra: object = {}): ApiResult =>
  json(status, { ...extra, error, code } satisfies ErrorBody);

/** The caller's id, from the claims the JWT authorizer verified; never from the body. */
export function callerId(event: ApiEvent): string {
  const sub = event.requestContext.authorizer?.jwt?.claims?.sub;
  if (typeof sub !== 'string' || !sub) throw new UnauthorizedError();
  return sub;
}

/** The request body exactly as sent (a signature covers these bytes), whether or not it came base64-encoded. */
export const rawBody = (event: ApiEvent): Buffer =>
  Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');

/** Parses and validates a JSON body against a schema; bad input is a 400 with the first issue. */
export function parseBody<T extends z.ZodMiniType>(event: ApiEvent, schema: T): z.infer<T> {
  let raw: unknown = {};
  if (event.body) {
    const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new BadRequestError('Request body must be JSON');
    }
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BadRequestError(
      issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid request',
    );
  }
  return result.data;
}

/**
 * Every path parameter names a record by its id: a ULID, a Stripe session id. Anything
 * longer or with other characters names nothing, so it is a 404 before it reaches a
 * database key (DynamoDB refuses keys over 1 KB with an error, not a miss).
 */
const PATH_ID = /^[A-Za-z0-9_-]{1,128}$/;

function pathIds(event: ApiEvent): Record<string, string | undefined> {
  const params = event.pathParameters ?? {};
  for (const value of Object.values(params)) {
    if (value !== undefined && !PATH_ID.test(value)) throw new NotFoundError();
  }
  return params;
}

/**
 * Builds a Lambda handler that dispatches on API Gateway's route key to one
 * operation per route, and maps errors to `{ error, code }` answers.
 */
export function createApiHandler<K extends string>(
  operations: Record<K, Operation>,
  /** Routes that prove their caller another way (a webhook's signature): no token, `userId` is empty. */
  options: { publicRoutes?: readonly K[] } = {},
) {
  const publicRoutes = new Set<string>(options.publicRoutes ?? []);
  return async (event: ApiEvent, context?: Context): Promise<ApiResult> => {
    if (context) logger.addContext(context);
    logger.resetKeys();
    logger.appendKeys({ route: event.routeKey, api_request_id: event.requestContext.requestId });
    const operation = operations[event.routeKey as K];
    try {
      if (!operation) throw new NotFoundError();
      const userId = publicRoutes.has(event.routeKey) ? '' : callerId(event);
      return await operation({ userId, params: pathIds(event), event });
    } catch (error) {
      if (error instanceof AppError) {
        const answer = errorAnswer(error.status, error.code, error.message);
        return { ...answer, headers: { ...answer.headers, ...error.headers } };
      }
      logger.error('request failed', error as Error);
      return errorAnswer(500, 'internal', INTERNAL_ERROR_TEXT);
    }
  };
}
