import { createUploadBodySchema, videoThumbnailBodySchema } from '@thumbnail-studio/contract';
import { createApiHandler, json, parseBody } from '../lib/http';
import type { RouteKey } from '../routes';
import { takeRateLimit } from '../services/rate-limits';
import { createUpload, keepVideoThumbnail } from '../services/uploads';

/** Attachments waiting to be sent: a presigned upload, or a video's thumbnail fetched here. */
export const handler = createApiHandler<RouteKey<'uploads'>>({
  'POST /api/uploads': async ({ userId, event }) => {
    await takeRateLimit(userId, 'createUpload');
    return json(201, await createUpload(userId, parseBody(event, createUploadBodySchema)));
  },

  'POST /api/video-thumbnails': async ({ userId, event }) => {
    await takeRateLimit(userId, 'fetchVideoThumbnail');
    return json(201, await keepVideoThumbnail(userId, parseBody(event, videoThumbnailBodySchema)));
  },
});
