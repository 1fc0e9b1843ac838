import { signedGetUrl } from '../adapters/blob-store';
import type { Message, StoredMessage } from '../core/types';

/**
 * What the API answers for a stored message: bookkeeping dropped, S3 keys signed
 * into URLs. `listed` signs only what the chat shows at once (the preview and
 * the references); the full size and the download are signed when one message is read.
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
    ...fields
  } = message;
  const [uploaded, preview, full, download] = await Promise.all([
    message.uploaded_images ? Promise.all(message.uploaded_images.map((key) => signedGetUrl(key))) : null,
    image_keys ? signedGetUrl(image_keys.preview) : null,
    image_keys && !listed ? signedGetUrl(image_keys.original) : null,
    image_keys && !listed ? signedGetUrl(image_keys.export) : null,
  ]);
  return {
    ...fields,
    uploaded_images: uploaded,
    image_url: preview,
    full_image_url: full,
    download_url: download,
  };
}

/** Messages as a list answers them: only the preview and the references signed. */
export const viewListedMessages = (messages: StoredMessage[]) =>
  Promise.all(messages.map((message) => viewMessage(message, true)));
