import * as z from 'zod';
import { api } from '../../../lib/api-client';

const thumbnailSchema = z.object({ key: z.string(), video_id: z.string(), url: z.string() });

export type VideoThumbnail = z.infer<typeof thumbnailSchema>;

/**
 * Has the backend fetch a video's thumbnail and keep it as a reference. A link that names no video
 * fails with 400 'Invalid YouTube URL'.
 */
export const fetchVideoThumbnail = (url: string): Promise<VideoThumbnail> =>
  api.post('/api/video-thumbnails', { url }, thumbnailSchema);
