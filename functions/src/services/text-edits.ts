import {
  BRAND_KIT_TEXTS,
  type LayerBox,
  type Legibility,
  type ParsedEditTextBody,
  TEXT_EDITED_TEXT,
} from '@thumbnail-studio/contract';
import { getBlob } from '../adapters/blob-store';
import { NOTHING_TO_CHECK } from '../core/legibility';
import { finishedImageFields, imagesOf, newMessage } from '../core/messages';
import type { ImageKeys, StoredMessage } from '../core/types';
import { getBrandKitByUser } from '../data/brand-kit-repo';
import { getMessageById, storeAnsweredMessages } from '../data/messages-repo';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { settings } from '../lib/settings';
import { keepingImagesWith, type StoredImage, storeImage } from './job-images';
import { checkLayerLegibility } from './layer-legibility-check';
import { checkLayers, type PlacedLogo } from './text-layers';

/** The verdict on text edited as layers; nothing to check without layers or with the check off. */
async function layersVerdict(layered: StoredImage['layered']): Promise<Legibility | null> {
  if (!layered?.layers.length || !settings().LEGIBILITY_CHECK) return NOTHING_TO_CHECK;
  return checkLayerLegibility(layered).catch((error: unknown) => {
    logger.warn('legibility of edited text not checked', { error });
    return null;
  });
}

/**
 * The logo layer an edited image has: its source's logo at `box` (absent: where it was; null:
 * none). A source without a logo takes the creator's brand kit logo at `box`.
 */
async function editedLogo(
  userId: string,
  logo: ImageKeys['logo'],
  box: LayerBox | null | undefined,
): Promise<PlacedLogo | undefined> {
  if (box === null) return undefined;
  if (logo) {
    const picture = await getBlob(logo.key);
    if (!picture) throw new NotFoundError('Message not found');
    return { bytes: picture.bytes, box: box ?? logo.box };
  }
  if (!box) return undefined;
  const key = (await getBrandKitByUser(userId))?.logo?.key;
  const picture = key ? await getBlob(key) : undefined;
  if (!picture) throw new BadRequestError(BRAND_KIT_TEXTS.noLogo);
  return { bytes: picture.bytes, box };
}

/**
 * Edits the text of one of the caller's images for free: its layers are replaced by `layers`,
 * and its logo layer moved or removed as `logo` says; they are drawn over its base (the image
 * itself when it has none, as on images made before layers), and
 * the result is stored as a new answer in the same conversation ('Text edited', an edit of that
 * image), so the chat keeps every version. No provider is asked and no credit is used. Another's
 * message, one without that image, or layers that cannot be drawn store nothing.
 */
export async function editImageText(
  userId: string,
  messageId: string,
  { image, layers, logo }: ParsedEditTextBody,
): Promise<StoredMessage> {
  const source = await getMessageById(userId, messageId);
  const keys = source && imagesOf(source)[image];
  if (!source || !keys) throw new NotFoundError('Message not found');
  await checkLayers(layers);
  const [base, placedLogo] = await Promise.all([
    getBlob(keys.base ?? keys.original),
    editedLogo(userId, keys.logo, logo),
  ]);
  if (!base) throw new NotFoundError('Message not found');

  const id = newId();
  // The new message's own copy of the base, so deleting either version leaves the other whole.
  const stored = await storeImage(`images/${userId}/${id}/text`, base.bytes, layers, placedLogo);
  const images = [stored.keys];
  const edited = newMessage({
    id,
    conversation_id: source.conversation_id,
    user_id: userId,
    created_at: new Date().toISOString(),
    role: 'assistant',
    content: TEXT_EDITED_TEXT,
    status: 'done',
    edit_from: { message_id: source.id, index: image, key: keys.original },
    ...finishedImageFields({ id, user_id: userId }, images, {
      prompt: source.prompt ?? '',
      isEdit: true,
      // No job follows an edit of text: its verdict is judged here, from the layers alone (no OCR,
      // so it takes milliseconds), and the chat waits for none.
      legibility: await layersVerdict(stored.layered),
    }),
  });
  await keepingImagesWith(images, () => storeAnsweredMessages(undefined, edited));
  return edited;
}
