import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { FunctionAccess } from '../../../functions/src/routes';
import type { AppFunction } from './app-function';
import type { Data } from './data';

/** Env var names promised by `FunctionAccess` (functions/src/routes.ts). */
export const IMAGES_BUCKET_ENV = 'IMAGES_BUCKET';
export const JOBS_QUEUE_URL_ENV = 'JOBS_QUEUE_URL';
export const APP_SECRETS_ARN_ENV = 'APP_SECRETS_ARN';

/** What a backend function may be given access to. */
export interface BackendResources {
  readonly data: Data;
  readonly imagesBucket: IBucket;
  readonly jobsQueue: IQueue;
  readonly appSecret: ISecret;
}

/**
 * Grants `fn` exactly what its entry in the route table declares, and nothing else:
 * the table is the one place a function's access is written.
 */
export function grantAccess(fn: AppFunction, access: FunctionAccess, resources: BackendResources): void {
  resources.data.bindTables(fn, access.tables);
  if (access.bucket) fn.bindBucket(resources.imagesBucket, IMAGES_BUCKET_ENV);
  if (access.queue) fn.bindQueue(resources.jobsQueue, JOBS_QUEUE_URL_ENV);
  if (access.secrets) fn.bindSecret(resources.appSecret, APP_SECRETS_ARN_ENV);
}
