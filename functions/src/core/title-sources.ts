import { findVideoLink, isVideoId, VIDEO_LINK_IN_TEXT } from '@thumbnail-studio/contract';
import { quotedText, replaceQuotedText, type TitleRequest } from '@thumbnail-studio/providers';
import type { ImageKeys, StoredMessage } from './types';

/** An image the ideas are for: its answer (prompt, legibility verdict) and its keys (text layers). */
export interface TitledImage {
  message: Pick<StoredMessage, 'prompt' | 'legibility'>;
  keys: Pick<ImageKeys, 'text_layers'>;
}

/** How many of a conversation's latest prompts describe it when it has no image yet. */
const PROMPTS_WITHOUT_IMAGE = 3;

/** A prompt as a description of the picture: without its video links or the text it asks for. */
const subjectOf = (prompt: string): string =>
  replaceQuotedText(prompt.replace(VIDEO_LINK_IN_TEXT, ' '), ' ').replace(/\s+/g, ' ').trim();

/**
 * What title ideas are written from: the image's subject and every text it carries (the quoted
 * text asked for, its text layers, the words the legibility check read), or, without an image,
 * the conversation's latest prompts and their quoted text; and the linked video's title.
 */
export function titleRequestOf(
  image: TitledImage | undefined,
  prompts: readonly string[],
  videoTitle: string | undefined,
): TitleRequest {
  const described = image ? [image.message.prompt ?? ''] : prompts.slice(-PROMPTS_WITHOUT_IMAGE);
  const texts = [
    ...described.map((prompt) => quotedText(prompt)),
    ...(image?.keys.text_layers ?? []).map((layer) => layer.text),
    image?.message.legibility?.text,
  ];
  return {
    subject: described.map(subjectOf).filter(Boolean).join('; '),
    thumbnailText: [...new Set(texts.map((text) => text?.trim() ?? '').filter(Boolean))],
    videoTitle,
  };
}

/** The first video a user message links to, oldest first: a valid link, or a bare id sent alone. */
export function firstLinkedVideo(
  messages: readonly Pick<StoredMessage, 'role' | 'content'>[],
): string | undefined {
  for (const message of messages) {
    if (message.role !== 'user') continue;
    const text = message.content.trim();
    const videoId = isVideoId(text) ? text : findVideoLink(text)?.videoId;
    if (videoId) return videoId;
  }
  return undefined;
}
