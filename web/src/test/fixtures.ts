import {
  type Conversation,
  conversationSchema,
  GREETING,
  type Message,
  messageSchema,
  type PersonModel,
  personModelSchema,
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

/** A person model as the API answers it, with `photos` photos (the first primary) at signed-looking URLs. */
export const personModel = (id: string, overrides: Partial<PersonModel> = {}, photos = 2): PersonModel => {
  const images = Array.from({ length: photos }, (_, index) => ({
    id: `${id}-img-${index + 1}`,
    image_url: `https://storage.test/models/${id}/${index + 1}.jpg?sig=1`,
    thumbnail_url: `https://storage.test/models/${id}/${index + 1}-thumb.jpg?sig=1`,
    is_primary: index === 0,
  }));
  return personModelSchema.parse({
    id,
    name: id,
    images,
    image_url: images[0]?.image_url ?? null,
    thumbnail_url: images[0]?.thumbnail_url ?? null,
    usage_count: 0,
    created_at: nextTime(),
    ...overrides,
  });
};
