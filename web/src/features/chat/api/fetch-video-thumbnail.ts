import { endpoints, type VideoThumbnail } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';

/**
 * Has the backend fetch a video's thumbnail and keep it as a reference. A link that names no video
 * is refused with the backend's invalid-link text.
 */
export const fetchVideoThumbnail = (url: string): Promise<VideoThumbnail> =>
  callApi(endpoints.fetchVideoThumbnail, { body: { url } });
