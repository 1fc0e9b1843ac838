import {
  type Conversation,
  conversationSchema,
  GREETING,
  type Message,
  messageSchema,
} from '@thumbnail-studio/contract';

let clock = Date.parse('2026-03-15T12:00:00.000Z');
const nextTime = () => {
  clock += 1000;
  return new Date(clock).toISOString();
};

/** A stored conversation; later ones are more recently updated. */
export const conversation = (id: string, overrides: Partial<Conversation> = {}): Conversation => {
  const at = nextTime();
  return conversationSchema.parse({
    id,
    user_id: 'u1',
    title: id,
    created_at: at,
    updated_at: at,
    ...overrides,
  });
};

/** A stored message as the API answers it (fields left out take the contract's defaults). */
export const message = (id: string, overrides: Partial<Message> = {}): Message =>
  messageSchema.parse({
    id,
    conversation_id: 'c1',
    user_id: 'u1',
    role: 'assistant',
    content: id,
    created_at: nextTime(),
    ...overrides,
  });

/** The greeting every new conversation opens with. */
export const greeting = (conversationId: string) =>
  message(`greeting-${conversationId}`, { conversation_id: conversationId, content: GREETING });
