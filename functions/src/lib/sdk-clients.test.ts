import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { ddb, onEverySdkClient, type SdkClient, withoutSdkLogging } from './sdk-clients';

const middlewareNames = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().map((entry) => entry.split(' ')[0]);

describe('withoutSdkLogging', () => {
  it("takes the SDK's logger middleware off a client, and only that", () => {
    const plain = middlewareNames(new S3Client({ region: 'us-east-1' }));
    // If an SDK release renames the middleware, this fails instead of the removal silently doing nothing.
    expect(plain).toContain('loggerMiddleware');
    const quiet = middlewareNames(withoutSdkLogging(new S3Client({ region: 'us-east-1' })));
    expect(quiet).toEqual(plain.filter((name) => name !== 'loggerMiddleware'));
  });

  it('applies to the shared DynamoDB document client', () => {
    expect(middlewareNames(ddb)).not.toContain('loggerMiddleware');
  });
});

describe('onEverySdkClient', () => {
  it('shows its hook the DynamoDB client made as the module loaded, every client made from then on, and none once unset', () => {
    const seen: SdkClient[] = [];
    onEverySdkClient((client) => seen.push(client));
    const first = withoutSdkLogging(new S3Client({ region: 'us-east-1' }));
    onEverySdkClient(undefined);
    withoutSdkLogging(new S3Client({ region: 'us-east-1' }));
    expect(seen).toHaveLength(2);
    // The document client sends through its DynamoDB client's middleware: what the hook counts.
    expect(seen[0]?.middlewareStack).toBe(ddb.middlewareStack);
    expect(seen[1]).toBe(first);
  });
});
