import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Any AWS SDK client, as far as this module needs to know. */
export type SdkClient = { middlewareStack: { remove(name: string): boolean } };

let clientHook: ((client: SdkClient) => void) | undefined;

/**
 * Has `hook` see every SDK client the functions make from now on, and at once the DynamoDB client
 * this module made as it loaded (which any caller has loaded first). Only the local cloud sets
 * one, to count what the bench's jobs ask of DynamoDB, S3 and SQS; in AWS there is none, and a
 * client costs one check of an unset variable more.
 */
export function onEverySdkClient(hook: ((client: SdkClient) => void) | undefined): void {
  clientHook = hook;
  hook?.(dynamodb);
}

/**
 * Takes the SDK's logger middleware off a client. We give the SDK no logger, yet that middleware
 * still runs every request and answer through the sensitive-data filter to build a log entry
 * nobody reads: measured on a burst of jobs, a tenth of each call's CPU. Every SDK client the
 * functions create goes through here, so it is also where `onEverySdkClient`'s hook sees them.
 */
export function withoutSdkLogging<C extends SdkClient>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  clientHook?.(client);
  return client;
}

/** Attempts of one SDK call (the first and its retries) on a transient error: a reset socket, a timeout, throttling, a 5xx. */
export const SDK_MAX_ATTEMPTS = 5;

/**
 * What every SDK client of the functions is made with: more attempts than the SDK's 3, since a
 * call that still fails costs a whole redelivery of its job, and time limits, so a connection
 * that never answers is given up and retried instead of holding the job until its deadline.
 */
export const SDK_CLIENT_OPTIONS = {
  maxAttempts: SDK_MAX_ATTEMPTS,
  requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000, throwOnRequestTimeout: true },
} as const;

/**
 * SDK clients, created once per container. Endpoints come from the SDK's own
 * `AWS_ENDPOINT_URL_<SERVICE>` variables, so the local cloud needs no code path here.
 */
const dynamodb = withoutSdkLogging(new DynamoDBClient({ ...SDK_CLIENT_OPTIONS }));
export const ddb = DynamoDBDocumentClient.from(dynamodb, {
  marshallOptions: { removeUndefinedValues: true },
});
