import * as z from 'zod/mini';

/** Uploads larger than this are refused, before and after they reach storage. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_TEXT = 'Images must be 10 MB or smaller.';

/** Image types a creator can attach; SVG and everything else is refused. */
export const UPLOAD_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

export const createUploadBodySchema = z.object({
  content_type: z.enum(UPLOAD_IMAGE_TYPES, {
    message: 'Only image files can be attached (JPEG, PNG, WebP, GIF or AVIF)',
  }),
  size: z.int().check(z.positive(), z.maximum(MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_TEXT)),
});
export type CreateUploadBody = z.infer<typeof createUploadBodySchema>;

/** A presigned upload: PUT the bytes to `upload_url` with `headers`, then refer to `key`. */
export const uploadSchema = z.object({
  key: z.string(),
  upload_url: z.string(),
  headers: z._default(z.record(z.string(), z.string()), {}),
});
export type PresignedUpload = z.infer<typeof uploadSchema>;

export const videoThumbnailBodySchema = z.object({
  url: z.string().check(z.trim(), z.minLength(1, 'Invalid YouTube URL')),
});
export type VideoThumbnailBody = z.infer<typeof videoThumbnailBodySchema>;

/** A video's thumbnail, fetched by the backend and waiting as an attachment under `key`. */
export const videoThumbnailSchema = z.object({ key: z.string(), video_id: z.string(), url: z.string() });
export type VideoThumbnail = z.infer<typeof videoThumbnailSchema>;
