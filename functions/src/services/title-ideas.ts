import type { TitleIdeas, TitleIdeasBody } from '@thumbnail-studio/contract';
import { getSecrets } from '../adapters/secrets';
import { fetchVideoTitle } from '../adapters/video-titles';
import { titleIdeasFrom } from '../core/title-ideas';
import { firstLinkedVideo, type TitledImage, titleRequestOf } from '../core/title-sources';
import { getMessageById, listMessagesPage } from '../data/messages-repo';
import { writeWithTextModel } from '../image-providers/title-writer';
import { NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { settings } from '../lib/settings';
import { requireConversation } from './conversations';
import { finishedImageAt } from './test-and-compare';

/** The answer for an image that is not the caller's, not finished, or gone. */
export const TITLE_IDEAS_IMAGE_NOT_FOUND_TEXT = 'This image no longer exists.';

/** The latest messages read for the ideas: the conversation's latest image, prompts and video link. */
const MESSAGES_READ = 100;

/**
 * Five title ideas for one of the caller's images, or for one of their conversations (its latest
 * image, else its prompts), starting from the title of the first video linked in it. Another
 * creator's image or conversation is not found. Nothing is stored or charged.
 */
export async function suggestTitles(userId: string, body: TitleIdeasBody): Promise<TitleIdeas> {
  const { conversationId, image } = await findTarget(userId, body);
  // Oldest first: the conversation's first video link is the one it is about.
  const { messages } = await listMessagesPage(conversationId, { limit: MESSAGES_READ });
  const latestImage = [...messages].reverse().find((message) => finishedImageAt(message, 0));
  const described: TitledImage | undefined =
    image ?? (latestImage && { message: latestImage, keys: finishedImageAt(latestImage, 0) ?? {} });
  const prompts = messages.filter((message) => message.role === 'user').map((message) => message.content);
  const videoId = firstLinkedVideo(messages);
  const videoTitle = videoId ? await readVideoTitle(videoId) : undefined;
  const request = titleRequestOf(described, prompts, videoTitle);
  const answer = await writeWithTextModel(request, body.provider, {
    secrets: await getSecrets('providers'),
    offlineAllowed: settings().OFFLINE_PROVIDER,
  });
  return { titles: titleIdeasFrom(answer, request), video_title: videoTitle ?? null };
}

/** The conversation the ideas are for, and the image when one is named (the caller's own, finished). */
async function findTarget(userId: string, body: TitleIdeasBody) {
  if (body.message_id === undefined) {
    const conversation = await requireConversation(userId, body.conversation_id);
    return { conversationId: conversation.id, image: undefined };
  }
  const message = await getMessageById(userId, body.message_id);
  const keys = finishedImageAt(message, body.image ?? 0);
  if (!message || !keys) throw new NotFoundError(TITLE_IDEAS_IMAGE_NOT_FOUND_TEXT);
  return { conversationId: message.conversation_id, image: { message, keys } };
}

/** The video's own title, or undefined when it cannot be read: the ideas go on without it. */
async function readVideoTitle(videoId: string): Promise<string | undefined> {
  const result = await fetchVideoTitle(videoId);
  if (result.ok) return result.title;
  logger.warn('title ideas: the video title could not be read', { videoId, ...result });
  return undefined;
}
