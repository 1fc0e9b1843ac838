import { createUploadBodySchema, parseVideoLink, videoThumbnailBodySchema } from '@thumbnail-studio/contract';
import { signedGetUrl, signedPutUrl } from '../adapters/blob-store';
import { fetchVideoThumbnail } from '../adapters/video-thumbnails';
import { BadRequestError, UpstreamUnavailableError } from '../lib/errors';
import { createApiHandler, json, parseBody } from '../lib/http';
import { newId } from '../lib/ids';
import type { RouteKey } from '../routes';
import { storeImage, uploadPrefix } from '../services/references';

export const handler = createApiHandler<RouteKey<'uploads'>>({
  /** A presigned PUT for one image; the backend checks and re-encodes it when the message is sent. */
  'POST /api/uploads': async ({ userId, event }) => {
    const { content_type } = parseBody(event, createUploadBodySchema);
    const key = `${uploadPrefix(userId)}${newId()}`;
    return json(201, {
      key,
      upload_url: await signedPutUrl(key, content_type),
      headers: { 'content-type': content_type },
    });
  },

  /** Fetches a video's thumbnail server-side (no public proxies) and keeps it as a reference. */
  'POST /api/video-thumbnails': async ({ userId, event }) => {
    const { url } = parseBody(event, videoThumbnailBodySchema);
    const link = parseVideoLink(url);
    if (!link.ok) throw new BadRequestError(link.error);
    const thumbnail = await fetchVideoThumbnail(link.videoId);
    if (!thumbnail.ok) {
      throw new UpstreamUnavailableError('The video thumbnail could not be fetched. Please try again.');
    }
    // A pending attachment like an upload: it becomes a reference when sent, or expires.
    const key = await storeImage(uploadPrefix(userId), thumbnail.image.bytes);
    return json(201, { key, video_id: link.videoId, url: await signedGetUrl(key) });
  },
});
