import type { Message } from '@thumbnail-studio/contract';
import { expect } from 'vitest';
import { waitForSettled } from './jobs';
import type { apiAs } from './users';

type Api = ReturnType<typeof apiAs>;

/** A new conversation of the user's; its id. */
export const newConversation = async (api: Api) =>
  (await api('POST', '/api/conversations', {})).body.conversation.id as string;

/** Sends a prompt and waits for its image; the settled assistant message. */
export async function makeImage(api: Api, conversationId: string, content: string): Promise<Message> {
  const sent = await api('POST', `/api/conversations/${conversationId}/messages`, { content });
  expect(sent.status).toBe(202);
  const settled: Message = await waitForSettled(api, sent.body.assistantMessage.id);
  expect(settled.is_image_message).toBe(true);
  return settled;
}
