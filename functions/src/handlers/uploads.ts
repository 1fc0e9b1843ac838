import { createUploadBodySchema, parseVideoLink, videoThumbnailBodySchema } from '@thumbnail-studio/contract';
import { signedGetUrl, signedPutUrl } from '../adapters/blob-store';
import { fetchVideoThumbnail } from '../adapters/video-thumbnails';
import { BadRequestError, UpstreamUnavailableError } from '../lib/errors';
import { createApiHandler, json, parseBody } from '../lib/http';
import { newId } from '../lib/ids';
import type { RouteKey } from '../routes';
import { countPendingUpload, ensureRoomForPendingUpload, takeRateLimit } from '../services/rate-limits';
import { storeImage, uploadPrefix } from '../services/references';

export const handler = createApiHandler<RouteKey<'uploads'>>({
  /**
   * A presigned PUT for one image of exactly the declared size and type (storage refuses any
   * other); the backend still checks and re-encodes it when the message is sent.
   */
  'POST /api/uploads': async ({ userId, event }) => {
    await takeRateLimit(userId, 'createUpload');
    const { content_type, size } = parseBody(event, createUploadBodySchema);
    await ensureRoomForPendingUpload(userId);
    const key = `${uploadPrefix(userId)}${newId()}`;
    await countPendingUpload(userId, key);
    return json(201, {
      key,
      upload_url: await signedPutUrl(key, content_type, size),
      headers: { 'content-type': content_type },
    });
  },

  /** Fetches a video's thumbnail server-side (no public proxies) and keeps it as a reference. */
  'POST /api/video-thumbnails': async ({ userId, event }) => {
    await takeRateLimit(userId, 'fetchVideoThumbnail');
    const { url } = parseBody(event, videoThumbnailBodySchema);
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
    return json(201, { key, video_id: link.videoId, url: await signedGetUrl(key) });
  },
});
