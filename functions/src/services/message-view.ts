import type { DownloadFormat } from '@thumbnail-studio/contract';
import { signedGetUrl } from '../adapters/blob-store';
import { downloadKeysOf } from '../core/messages';
import type { Message, StoredMessage } from '../core/types';

/**
 * What the API answers for a stored message: bookkeeping dropped, S3 keys signed
 * into URLs. `listed` signs only what the chat shows at once (the previews and
 * the references); the full size is signed when one message is read, and a download
 * when asked for (see downloads.ts).
 */
export async function viewMessage(message: StoredMessage, listed = false): Promise<Message> {
  const {
    image_keys,
    provider: _provider,
    request_id: _request,
    job_state: _state,
    started_at: _started,
    attempts: _attempts,
    pending_shard: _shard,
    pending_since: _since,
    gallery_user_id: _gallery,
    share_token,
    ...fields
  } = message;
  const [uploaded, preview, sources, full] = await Promise.all([
    message.uploaded_images ? Promise.all(message.uploaded_images.map((key) => signedGetUrl(key))) : null,
    image_keys ? signedGetUrl(image_keys.preview) : null,
    // Images stored before the WebP previews have none: the chat shows their JPEG preview.
    image_keys?.previews
      ? Promise.all(
          image_keys.previews.map(async ({ width, key }) => ({
            url: await signedGetUrl(key),
            width,
            type: 'image/webp',
          })),
        )
      : null,
    image_keys && !listed ? signedGetUrl(image_keys.original) : null,
  ]);
  return {
    ...fields,
    uploaded_images: uploaded,
    image_url: preview,
    image_sources: sources,
    full_image_url: full,
    downloads: image_keys ? (Object.keys(downloadKeysOf(image_keys)) as DownloadFormat[]) : null,
    share_token: share_token ?? null,
  };
}

/** Messages as a list answers them: only the previews and the references signed. */
export const viewListedMessages = (messages: StoredMessage[]) =>
  Promise.all(messages.map((message) => viewMessage(message, true)));
