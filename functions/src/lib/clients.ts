import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SDK_CLIENT_OPTIONS, withoutSdkLogging } from './sdk-clients';

/**
 * SDK clients, created once per container. Endpoints come from the SDK's own
 * `AWS_ENDPOINT_URL_<SERVICE>` variables, so the local cloud needs no code path here.
 */
export const ddb = DynamoDBDocumentClient.from(
  withoutSdkLogging(new DynamoDBClient({ ...SDK_CLIENT_OPTIONS })),
  {
    marshallOptions: { removeUndefinedValues: true },
  },
);
