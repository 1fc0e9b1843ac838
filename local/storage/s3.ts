import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';
import { startStorageGate } from './gate';

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

/**
 * s3rver reads the bucket's CORS and website settings from their files for every request, two
 * file reads on libuv's thread pool (which image work fills) before an object is read or written.
 * The settings only change through s3rver itself, so each is read once and kept until it does.
 */
function keepBucketSettingsInMemory(server: S3rver) {
  const { store } = server;
  const read = store.getSubresource.bind(store);
  const put = store.putSubresource.bind(store);
  const remove = store.deleteSubresource.bind(store);
  const kept = new Map<string, Promise<unknown>>();
  const keyOf = (bucket: string, type: string) => `${bucket}\n${type}`;
  store.getSubresource = (bucket, key, type) => {
    if (key !== undefined) return read(bucket, key, type);
    const name = keyOf(bucket, type);
    let setting = kept.get(name);
    if (!setting) {
      setting = read(bucket, undefined, type);
      kept.set(name, setting);
      setting.catch(() => kept.delete(name));
    }
    return setting;
  };
  store.putSubresource = async (bucket, key, resource) => {
    kept.delete(keyOf(bucket, resource.type));
    await put(bucket, key, resource);
    kept.delete(keyOf(bucket, resource.type));
  };
  store.deleteSubresource = async (bucket, key, type) => {
    kept.delete(keyOf(bucket, type));
    await remove(bucket, key, type);
    kept.delete(keyOf(bucket, type));
  };
}

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
  keepBucketSettingsInMemory(server);
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
