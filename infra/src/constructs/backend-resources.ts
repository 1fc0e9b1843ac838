import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { secretGroups } from '../../../functions/src/lib/settings';
import type { FunctionAccess } from '../../../functions/src/routes';
import type { AppFunction } from './app-function';
import type { Data } from './data';

/** Env var names promised by `FunctionAccess` (functions/src/routes.ts). */
export const IMAGES_BUCKET_ENV = 'IMAGES_BUCKET';
export const IMAGE_SIGNER_ROLE_ENV = 'IMAGE_SIGNER_ROLE_ARN';
export const JOBS_QUEUE_URL_ENV = 'JOBS_QUEUE_URL';

/** What a backend function may be given access to. */
export interface BackendResources {
  readonly data: Data;
  readonly imagesBucket: IBucket;
  readonly jobsQueue: IQueue;
  /** One secret per group of keys (`secretGroups`). */
  readonly secrets: Record<keyof typeof secretGroups, ISecret>;
}

/**
 * Grants `fn` exactly what its entry in the route table declares, and nothing else:
 * the table is the one place a function's access is written.
 */
export function grantAccess(fn: AppFunction, access: FunctionAccess, resources: BackendResources): void {
  resources.data.bindTables(fn, access);
  if (access.bucket) fn.bindBucket(resources.imagesBucket, IMAGES_BUCKET_ENV, access.bucket);
  if (access.bucket && access.signsUrls) {
    fn.bindUrlSigner(resources.imagesBucket, IMAGE_SIGNER_ROLE_ENV, access.bucket);
  }
  if (access.queue) fn.bindQueue(resources.jobsQueue, JOBS_QUEUE_URL_ENV, access.queue);
  for (const group of access.secrets ?? []) {
    fn.bindSecret(resources.secrets[group], secretGroups[group].arnVar);
  }
}
