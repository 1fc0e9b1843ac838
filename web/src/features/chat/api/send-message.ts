import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { ApiError, api } from '../../../lib/api-client';
import { type Message, mergeMessages, messageSchema, messagesQueryKey, optimisticId } from './message-schema';

const responseSchema = z.object({ userMessage: messageSchema, assistantMessage: messageSchema });

export interface SendMessageInput {
  conversationId: string;
  content: string;
  /** Undefined lets the backend pick its default. */
  provider: string | undefined;
  /** Storage keys of the attached references (uploads and video thumbnails). */
  uploadKeys: string[];
  /** Shown in the user's message until the server's own signed URLs arrive. */
  previewUrls: string[];
}

/** Sends a message as a generation job: 202 with the user's message and the pending assistant one. */
export async function sendMessage({ conversationId, content, provider, uploadKeys }: SendMessageInput) {
  const path = `/api/conversations/${encodeURIComponent(conversationId)}/messages`;
  const body = { content, provider, uploaded_images: uploadKeys, selected_model_ids: [] };
  return api.post(path, body, responseSchema);
}

/** A 402 still stored both messages (the assistant's says credits are short); they come with the error. */
export function messagesOfRefusal(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 402) return undefined;
  const parsed = responseSchema.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}

const draft = (conversationId: string, overrides: Partial<Message>): Message => ({
  id: optimisticId(),
  conversation_id: conversationId,
  user_id: '',
  role: 'user',
  content: '',
  uploaded_images: null,
  selected_model_ids: null,
  prompt: null,
  image_url: null,
  full_image_url: null,
  download_url: null,
  is_image_message: false,
  is_edit: false,
  created_at: new Date().toISOString(),
  status: 'done',
  ...overrides,
});

export function useSendMessage() {
  const queryClient = useQueryClient();
  const replaceDrafts = (conversationId: string, draftIds: string[], stored: Message[]) => {
    const key = messagesQueryKey(conversationId);
    // A conversation created just for this message was never loaded: its greeting comes with a fetch.
    const loaded = queryClient.getQueryData<Message[]>(key) !== undefined;
    queryClient.setQueryData<Message[]>(key, (list = []) =>
      mergeMessages(
        list.filter((message) => !draftIds.includes(message.id)),
        stored,
      ),
    );
    if (!loaded) void queryClient.invalidateQueries({ queryKey: key });
  };
  return useMutation({
    mutationFn: sendMessage,
    // SPEC section 4 step 1: the user's message and the assistant's placeholder show at once.
    onMutate: async ({ conversationId, content, previewUrls }) => {
      const key = messagesQueryKey(conversationId);
      await queryClient.cancelQueries({ queryKey: key });
      const user = draft(conversationId, {
        content,
        uploaded_images: previewUrls.length ? previewUrls : null,
      });
      const placeholder = draft(conversationId, {
        role: 'assistant',
        content: 'Processing your request...',
        status: 'pending',
      });
      queryClient.setQueryData<Message[]>(key, (list) => list && [...list, user, placeholder]);
      return { draftIds: [user.id, placeholder.id] };
    },
    onSuccess: ({ userMessage, assistantMessage }, { conversationId }, context) =>
      replaceDrafts(conversationId, context?.draftIds ?? [], [userMessage, assistantMessage]),
    onError: (error, { conversationId }, context) => {
      const refused = messagesOfRefusal(error);
      const stored = refused ? [refused.userMessage, refused.assistantMessage] : [];
      replaceDrafts(conversationId, context?.draftIds ?? [], stored);
    },
  });
}
