import { DEFAULT_TITLE, EMPTY_TITLE_TEXT, GREETING } from '@thumbnail-studio/contract';
import { deleteBlobs } from '../adapters/blob-store';
import {
  FIRST_MESSAGES_TO_CHECK,
  isUnusedConversation,
  titleAfterAnswer,
  titleFromText,
} from '../core/conversations';
import { imageKeysOf, newMessage, shareTokensOf } from '../core/messages';
import type { Conversation, StoredMessage } from '../core/types';
import {
  deleteConversation,
  getConversationById,
  listConversationsByUser,
  nameUntitledConversation,
  putConversation,
  updateConversation,
} from '../data/conversations-repo';
import { refundJob } from '../data/jobs-repo';
import {
  deleteMessagesByConversation,
  listFirstMessageRoles,
  listMessagesByConversation,
  putMessage,
} from '../data/messages-repo';
import { deleteSharesByToken } from '../data/shares-repo';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { newId } from '../lib/ids';

/** The conversation a path names, before anyone has looked it up: 404 when it names none. */
export function requireConversationId(id: string | undefined): string {
  if (!id) throw new NotFoundError('Conversation not found');
  return id;
}

/** The caller's conversation a path names: 404 when it names none of theirs. */
export async function requireConversation(userId: string, id: string | undefined): Promise<Conversation> {
  const conversation = await getConversationById(userId, requireConversationId(id));
  if (!conversation) throw new NotFoundError('Conversation not found');
  return conversation;
}

/** A new conversation, opened by the assistant's greeting. */
export async function createConversationWithGreeting(userId: string, title?: string): Promise<Conversation> {
  const now = new Date().toISOString();
  const conversation: Conversation = {
    id: newId(),
    user_id: userId,
    title: title ?? DEFAULT_TITLE,
    created_at: now,
    updated_at: now,
  };
  // The greeting first: a conversation is never listed without it.
  await putMessage(
    newMessage({
      id: newId(),
      conversation_id: conversation.id,
      user_id: userId,
      role: 'assistant',
      content: GREETING,
      created_at: now,
      status: 'done',
    }),
  );
  await putConversation(conversation);
  return conversation;
}

/** How many untitled conversations, newest first, are looked into for one nobody has used. */
const UNUSED_CANDIDATES = 5;

/**
 * The caller's newest conversation nobody has written in yet, moved to the top of the list, so
 * asking for a new conversation again (on any device, after any reload) opens that one instead
 * of piling up empty ones. Undefined when there is none.
 */
export async function reopenUnusedConversation(userId: string): Promise<Conversation | undefined> {
  const untitled = (await listConversationsByUser(userId))
    .filter((conversation) => conversation.title === DEFAULT_TITLE)
    .slice(0, UNUSED_CANDIDATES);
  const firstMessages = await Promise.all(
    untitled.map((conversation) => listFirstMessageRoles(conversation.id, FIRST_MESSAGES_TO_CHECK)),
  );
  const unused = untitled.find((conversation, index) =>
    isUnusedConversation(conversation, firstMessages[index] ?? []),
  );
  if (!unused) return undefined;
  // Undefined if it was deleted meanwhile: then a new one is made after all.
  return updateConversation(userId, unused.id, { updated_at: new Date().toISOString() });
}

/** Renames a conversation; the title is cut like every title, and one with nothing to show is refused. */
export async function renameConversation(userId: string, id: string, name: string): Promise<Conversation> {
  const title = titleFromText(name);
  if (!title) throw new BadRequestError(EMPTY_TITLE_TEXT);
  const conversation = await updateConversation(userId, id, { title });
  if (!conversation) throw new NotFoundError('Conversation not found');
  return conversation;
}

/** What a job refunded because its conversation was deleted says, in the credit history too. */

/**
 * Deletes a conversation with its messages, their public links, and the references and images
 * they hold in storage. A job still queued or running is refunded first: its
 * message goes with the conversation, after which neither the worker nor the
 * sweeper could settle it, and the reserved credit would be lost.
 */
export async function deleteConversationWithContent(userId: string, id: string): Promise<void> {
  if (!(await deleteConversation(userId, id))) throw new NotFoundError('Conversation not found');
  const pending = (await listMessagesByConversation(id)).filter(
    (message) => message.role === 'assistant' && message.status === 'pending',
  );
  // Each refund settles only a job still pending: a worker that finished first keeps its charge.
  await Promise.all(pending.map((job) => refundJob(job, 'conversation-deleted')));
  const deleted = await deleteMessagesByConversation(id);
  // Public links to its images go too (their pages already 404 once the message is gone).
  await deleteSharesByToken(deleted.flatMap(shareTokensOf));
  // Faces and references go with the conversation, not only the rows that point at them.
  await deleteBlobs(deleted.flatMap(imageKeysOf));
}

/**
 * Once a request is answered, an untitled conversation is named after the prompt of its first
 * exchange; true when this was one. One conditional write, which also moves it to the top: the
 * name is given only while the conversation still has the default title, so a creator who
 * renamed it first keeps their name, and a conversation deleted meanwhile stays deleted.
 */
export async function nameConversationAfterAnswer(
  request: StoredMessage,
  history: readonly StoredMessage[],
): Promise<boolean> {
  const title = titleAfterAnswer({
    currentTitle: DEFAULT_TITLE,
    userMessagesSoFar: history.filter((message) => message.role === 'user').length,
    prompt: request.content,
  });
  return (
    title !== undefined &&
    (await nameUntitledConversation(
      request.user_id,
      request.conversation_id,
      title,
      new Date().toISOString(),
    ))
  );
}

/**
 * An answer stored without a job's settle (one made with the creator's own key): the conversation
 * is named as above, or else moved to the top. A job's settle moves it up itself.
 */
export async function nameOrTouchConversationAfterAnswer(
  request: StoredMessage,
  history: readonly StoredMessage[],
): Promise<void> {
  if (await nameConversationAfterAnswer(request, history)) return;
  await updateConversation(request.user_id, request.conversation_id, {
    updated_at: new Date().toISOString(),
  });
}
