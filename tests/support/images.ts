import type { Message } from '@thumbnail-studio/contract';
import { expect } from 'vitest';
import type { Call } from './api';
import { waitForSettled } from './jobs';

/** A new conversation of the user's; its id. */
export const newConversation = async (api: Call) =>
  (await api('createConversation', { body: {} })).body.conversation.id as string;

/** Sends a prompt and waits for its image; the settled assistant message. */
export async function makeImage(api: Call, conversationId: string, content: string): Promise<Message> {
  const sent = await api('sendMessage', { params: { id: conversationId }, body: { content } });
  expect(sent.status).toBe(202);
  const settled: Message = await waitForSettled(api, sent.body.assistantMessage.id);
  expect(settled.is_image_message).toBe(true);
  return settled;
}
