import type { DownloadFormat, MessageImage } from '@thumbnail-studio/contract';
import { signedGetUrl } from '../adapters/blob-store';
import { downloadKeysOf, imagesOf, partialKeysOf, shareTokenOf } from '../core/messages';
import type { ImageKeys, Message, StoredMessage } from '../core/types';

/**
 * What the API answers for a stored message: bookkeeping dropped, S3 keys signed
 * into URLs. `listed` signs only what the chat shows at once (the previews and
 * the references); the full size is signed when one message is read, and a download
 * when asked for (see downloads.ts).
 */
export async function viewMessage(message: StoredMessage, listed = false): Promise<Message> {
  const {
    image_keys,
    provider,
    request_id: _request,
    job_state: _state,
    started_at,
    attempts: _attempts,
    pending_shard: _shard,
    pending_since: _since,
    gallery_user_id: _gallery,
    share_token,
    variation_keys: _variations,
    variations: _count,
    text_mode: _textMode,
    edit_from,
    mask_key,
    ...rest
  } = message;
  // The other images' link tokens are answered with each image, not as fields of their own.
  const fields = Object.fromEntries(
    Object.entries(rest).filter(([key]) => !key.startsWith('share_token_') && !key.startsWith('partial_')),
  ) as typeof rest;
  const images = imagesOf(message);
  const partialKeys = message.status === 'pending' ? partialKeysOf(message) : [];
  const [uploaded, viewed, partials, mask] = await Promise.all([
    message.uploaded_images ? Promise.all(message.uploaded_images.map((key) => signedGetUrl(key))) : null,
    Promise.all(
      images.map((keys, index) => viewImage(keys, index, listed, shareTokenOf(message, index) ?? null)),
    ),
    Promise.all(partialKeys.map((key) => (key ? signedGetUrl(key) : null))),
    // A region edit's painted area, shown over its source in the chat's list.
    mask_key ? signedGetUrl(mask_key) : undefined,
  ]);
  const [first] = viewed;
  return {
    ...fields,
    uploaded_images: uploaded,
    image_url: first?.image_url ?? null,
    image_sources: first?.image_sources ?? null,
    full_image_url: first?.full_image_url ?? null,
    downloads: first?.downloads ?? null,
    share_token: share_token ?? null,
    images: image_keys ? viewed : null,
    // While the job runs: its provider and when its worker began, for the time left the chat shows.
    ...(message.status === 'pending' && provider ? { provider } : {}),
    ...(message.status === 'pending' && started_at ? { started_at } : {}),
    ...(partials.length > 0 ? { partials } : {}),
    ...(edit_from ? { edit_from: { message_id: edit_from.message_id, index: edit_from.index } } : {}),
    ...(mask ? { mask_url: mask } : {}),
  };
}

/** One image of a message, signed like the message's own fields (the full size only when read alone). */
async function viewImage(
  keys: ImageKeys,
  index: number,
  listed: boolean,
  shareToken: string | null,
): Promise<MessageImage> {
  const [preview, sources, full, base, logo] = await Promise.all([
    signedGetUrl(keys.preview),
    // Images stored before the WebP previews have none: the chat shows their JPEG preview.
    keys.previews
      ? Promise.all(
          keys.previews.map(async ({ width, key }) => ({
            url: await signedGetUrl(key),
            width,
            type: 'image/webp',
          })),
        )
      : null,
    listed ? null : signedGetUrl(keys.original),
    // What the text editor draws the layers over: signed, as the full size, on the one message's read.
    !listed && keys.base ? signedGetUrl(keys.base) : null,
    !listed && keys.logo ? signedGetUrl(keys.logo.key) : null,
  ]);
  return {
    index,
    image_url: preview,
    image_sources: sources,
    full_image_url: full,
    downloads: Object.keys(downloadKeysOf(keys)) as DownloadFormat[],
    share_token: shareToken,
    text_layers: keys.text_layers ?? [],
    base_url: base,
    logo: keys.logo && logo ? { url: logo, box: keys.logo.box } : null,
  };
}

/** Messages as a list answers them: only the previews and the references signed. */
export const viewListedMessages = (messages: StoredMessage[]) =>
  Promise.all(messages.map((message) => viewMessage(message, true)));
