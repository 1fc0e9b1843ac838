import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';
import { startStorageGate } from './s3-gate';

export const LOCAL_BUCKET = 'thumbnail-studio-images';

/** s3rver's fixed credentials; the SDK must use them for presigned URLs to verify. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Browser uploads and image loads come from the app's own pages only. */
const cors = (appOrigin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${appOrigin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
  </CORSRule>
</CORSConfiguration>`;

export interface S3Local {
  /** The storage gate: where the SDK, presigned URLs and the browser go. */
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/**
 * Starts s3rver (path-style) with its objects under `<dataDir>/s3` and our bucket in place,
 * behind the storage gate that answers on `port`. s3rver has no port of its own: the gate
 * hands what it admits straight to s3rver's request handler.
 */
export async function startS3Local(dataDir: string, port: number, appOrigin: string): Promise<S3Local> {
  const directory = path.resolve(dataDir, 's3');
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    directory,
    silent: true,
    configureBuckets: [{ name: LOCAL_BUCKET, configs: [cors(appOrigin)] }],
  });
  await server.configureBuckets();
  const gate = await startStorageGate({
    port,
    storage: server.callback(),
    credentials: S3RVER_CREDENTIALS,
  });
  return {
    endpoint: gate.endpoint,
    bucket: LOCAL_BUCKET,
    stop: async () => {
      await gate.stop();
      server.logger.close();
    },
  };
}
