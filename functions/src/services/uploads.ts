import {
  type CreateUploadBody,
  type PresignedUpload,
  parseVideoLink,
  type VideoThumbnail,
  type VideoThumbnailBody,
} from '@thumbnail-studio/contract';
import { signedGetUrl, signedPutUrl } from '../adapters/blob-store';
import { fetchVideoThumbnail } from '../adapters/video-thumbnails';
import { BadRequestError, UpstreamUnavailableError } from '../lib/errors';
import { newId } from '../lib/ids';
import { countPendingUpload, ensureRoomForPendingUpload } from './rate-limits';
import { storeImage, uploadPrefix } from './references';

/**
 * A presigned PUT for one image of exactly the declared size and type (storage refuses any
 * other); the backend still checks and re-encodes it when the message is sent.
 */
export async function createUpload(
  userId: string,
  { content_type, size }: CreateUploadBody,
): Promise<PresignedUpload> {
  await ensureRoomForPendingUpload(userId);
  const key = `${uploadPrefix(userId)}${newId()}`;
  await countPendingUpload(userId, key);
  return {
    key,
    upload_url: await signedPutUrl(key, content_type, size),
    headers: { 'content-type': content_type },
  };
}

/** Fetches a video's thumbnail server-side (no public proxies) and keeps it as a reference. */
export async function keepVideoThumbnail(
  userId: string,
  { url }: VideoThumbnailBody,
): Promise<VideoThumbnail> {
  const link = parseVideoLink(url);
  if (!link.ok) throw new BadRequestError(link.error);
  await ensureRoomForPendingUpload(userId);
  const thumbnail = await fetchVideoThumbnail(link.videoId);
  if (!thumbnail.ok) {
    throw new UpstreamUnavailableError('The video thumbnail could not be fetched. Please try again.');
  }
  // A pending attachment like an upload: it becomes a reference when sent, or expires.
  const key = await storeImage(uploadPrefix(userId), thumbnail.image.bytes);
  await countPendingUpload(userId, key);
  return { key, video_id: link.videoId, url: await signedGetUrl(key) };
}
