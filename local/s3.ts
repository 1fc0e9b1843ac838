import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';

export const LOCAL_BUCKET = 'thumbnail-studio-images';

/** s3rver's fixed credentials; the SDK must use them for presigned URLs to verify. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
  </CORSRule>
</CORSConfiguration>`;

export interface S3Local {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/** Starts s3rver (path-style) with its objects under `<dataDir>/s3` and our bucket in place. */
export async function startS3Local(dataDir: string, port: number): Promise<S3Local> {
  const directory = path.resolve(dataDir, 's3');
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: LOCAL_BUCKET, configs: [CORS] }],
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: LOCAL_BUCKET,
    stop: () => server.close(),
  };
}
