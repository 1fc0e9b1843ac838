import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, OwnKeyProvider, SendResult, TextMode } from '@thumbnail-studio/contract';
import { isOptimistic, messagesQueryKey } from '../../../lib/message-keys';
import { replaceDrafts, showDrafts } from './send-message';

/**
 * How a send with the creator's own key makes its quoted text: drawn by the AI, whatever the
 * input's choice. This browser cannot draw text layers yet, so the provider is asked for the
 * text as written (no `textLayer`), and the answer is an image with its text in it.
 */
export const OWN_KEY_TEXT_MODE: TextMode = 'model';

export interface OwnKeySendInput {
  conversationId: string;
  content: string;
  provider: OwnKeyProvider;
  /** The creator's own key for `provider`: it goes to the provider only. */
  apiKey: string;
  uploadKeys: string[];
  previewUrls: string[];
  modelIds?: readonly string[];
  variations?: number;
  /** 'Edit this one': the earlier image the edit starts from. */
  editFrom?: { messageId: string; index: number } | null;
  /** A region edit of `editFrom`'s image: the painted area, a PNG data URL (only it changes). */
  mask?: string;
}

/**
 * A send made in this browser with the creator's own key: the same drafts and placeholder texts
 * as a send, the provider called from here (its code and SDK loaded on first use), and the answer
 * stored by the backend, which replaces the drafts. Nothing is charged.
 */
export function useSendWithOwnKey() {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: (input: OwnKeySendInput) => showDrafts(queryClient, input),
    mutationFn: async (input: OwnKeySendInput): Promise<SendResult> => {
      const { generateWithOwnKey } = await import('./own-key-generation');
      // Sends wait for the one before, so the conversation shows one placeholder of a draft.
      const placeholderId = (
        queryClient.getQueryData<Message[]>(messagesQueryKey(input.conversationId)) ?? []
      )
        .filter((message) => isOptimistic(message) && message.role === 'assistant')
        .at(-1)?.id;
      const showOnPlaceholder = (change: Partial<Message>) =>
        queryClient.setQueryData<Message[]>(messagesQueryKey(input.conversationId), (list) =>
          list?.map((message) => (message.id === placeholderId ? { ...message, ...change } : message)),
        );
      // The placeholder shows the phase as the browser moves through it, and the latest picture
      // of each variation the provider streamed, as a job's does (from memory, not from storage).
      const pictures = new Map<number, string>();
      const showPartial = (variation: number, picture: Blob) => {
        const before = pictures.get(variation);
        pictures.set(variation, URL.createObjectURL(picture));
        const count = input.variations ?? 1;
        showOnPlaceholder({ partials: Array.from({ length: count }, (_, v) => pictures.get(v) ?? null) });
        if (before) URL.revokeObjectURL(before);
      };
      try {
        return await generateWithOwnKey(input, (phase) => showOnPlaceholder({ content: phase }), showPartial);
      } finally {
        for (const url of pictures.values()) URL.revokeObjectURL(url);
      }
    },
    onSuccess: ({ userMessage, assistantMessage }, { conversationId }, context) =>
      replaceDrafts(queryClient, conversationId, context?.draftIds ?? [], [userMessage, assistantMessage]),
    onError: (_error, { conversationId }, context) =>
      replaceDrafts(queryClient, conversationId, context?.draftIds ?? [], []),
  });
}
