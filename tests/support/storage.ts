import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { RuntimeInfo } from './local-cloud-process';

/** A client for the local cloud's s3rver, as the tests read storage straight. */
const s3For = (runtime: RuntimeInfo) =>
  new S3Client({
    endpoint: runtime.s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

/** Whether the local cloud's images bucket holds `key` (read straight from s3rver). */
export async function objectExists(runtime: RuntimeInfo, key: string): Promise<boolean> {
  const s3 = s3For(runtime);
  try {
    await s3.send(new HeadObjectCommand({ Bucket: 'thumbnail-studio-images', Key: key }));
    return true;
  } catch {
    return false;
  } finally {
    s3.destroy();
  }
}

/** Every key in the local cloud's images bucket under `prefix`. */
export async function listKeys(runtime: RuntimeInfo, prefix: string): Promise<string[]> {
  const s3 = s3For(runtime);
  try {
    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket: 'thumbnail-studio-images', Prefix: prefix }),
    );
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    s3.destroy();
  }
}

/** Writes an object straight to storage with the app's own credentials, as no browser can. */
export async function putObject(runtime: RuntimeInfo, key: string, body: Uint8Array): Promise<void> {
  const s3 = s3For(runtime);
  try {
    await s3.send(new PutObjectCommand({ Bucket: 'thumbnail-studio-images', Key: key, Body: body }));
  } finally {
    s3.destroy();
  }
}
