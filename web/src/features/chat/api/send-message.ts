import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  endpoints,
  type Message,
  NEW_MESSAGE_DEFAULTS,
  PHASE_TEXT,
  type SendResult,
  sendResultSchema,
  type TextMode,
} from '@thumbnail-studio/contract';
import { ApiError, callApi } from '../../../lib/api-client';
import { messagesQueryKey, optimisticId } from '../../../lib/message-keys';
import { mergeMessages } from './message-cache';

export interface SendMessageInput {
  conversationId: string;
  content: string;
  /** Undefined lets the backend pick its default. */
  provider: string | undefined;
  /** Storage keys of the attached references (uploads and video thumbnails). */
  uploadKeys: string[];
  /** Shown in the user's message until the server's own signed URLs arrive. */
  previewUrls: string[];
  /** The person models to feature; none when left out. */
  modelIds?: readonly string[];
  /** How many variations to make, each for a credit; 1 when left out. */
  variations?: number;
  /** 'Edit this one': the earlier image the edit starts from. */
  editFrom?: { messageId: string; index: number } | null;
  /** A region edit of `editFrom`'s image: the painted area, a PNG data URL (only it changes). */
  mask?: string;
  /** How quoted text is made: as editable layers, or drawn by the model; the backend's default when left out. */
  textMode?: TextMode;
}

/** Sends a message as a generation job: the answer holds the user's message and the pending assistant one. */
export function sendMessage({
  conversationId,
  content,
  provider,
  uploadKeys,
  modelIds = [],
  variations = 1,
  editFrom,
  mask,
  textMode,
}: SendMessageInput) {
  return callApi(endpoints.sendMessage, {
    params: { id: conversationId },
    body: {
      content,
      provider,
      uploaded_images: uploadKeys,
      selected_model_ids: [...modelIds],
      variations,
      ...(editFrom ? { edit_from: { message_id: editFrom.messageId, index: editFrom.index } } : {}),
      ...(editFrom && mask ? { mask } : {}),
      ...(textMode ? { text_mode: textMode } : {}),
    },
  });
}

/** A send refused for credits still stored both messages (the assistant's says so); they come with the error. */
export function messagesOfRefusal(error: unknown): SendResult | undefined {
  if (!(error instanceof ApiError) || error.code !== 'insufficient_credits') return undefined;
  const parsed = sendResultSchema.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}

/** A message shown before the server stored it; never polled, replaced by the stored one. */
const draft = (conversationId: string, overrides: Partial<Message>): Message => ({
  ...NEW_MESSAGE_DEFAULTS,
  id: optimisticId(),
  conversation_id: conversationId,
  user_id: '',
  role: 'user',
  content: '',
  image_sources: null,
  share_token: null,
  full_image_url: null,
  downloads: null,
  images: null,
  created_at: new Date().toISOString(),
  status: 'done',
  ...overrides,
});

/** What a send shows before the server answers: the user's message and the assistant's placeholder. */
export interface DraftInput {
  conversationId: string;
  content: string;
  previewUrls: string[];
  modelIds?: readonly string[];
  /** The image it edits, and a region edit's painted area (shown over that image at once). */
  editFrom?: { messageId: string; index: number } | null;
  mask?: string;
}

/** Shows the user's message and the assistant's placeholder at once; their ids, to replace them later. */
export async function showDrafts(
  queryClient: QueryClient,
  { conversationId, content, previewUrls, modelIds = [], editFrom, mask }: DraftInput,
) {
  const key = messagesQueryKey(conversationId);
  await queryClient.cancelQueries({ queryKey: key });
  const user = draft(conversationId, {
    content,
    uploaded_images: previewUrls.length ? previewUrls : null,
    selected_model_ids: modelIds.length ? [...modelIds] : null,
    ...(editFrom ? { edit_from: { message_id: editFrom.messageId, index: editFrom.index } } : {}),
    ...(editFrom && mask ? { mask_url: mask } : {}),
  });
  const placeholder = draft(conversationId, {
    role: 'assistant',
    content: PHASE_TEXT.queued,
    status: 'pending',
  });
  queryClient.setQueryData<Message[]>(key, (list) => list && [...list, user, placeholder]);
  return { draftIds: [user.id, placeholder.id] };
}

/** Replaces the drafts with the stored messages (none when nothing was stored). */
export function replaceDrafts(
  queryClient: QueryClient,
  conversationId: string,
  draftIds: readonly string[],
  stored: Message[],
) {
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
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onMutate: (input) => showDrafts(queryClient, input),
    onSuccess: ({ userMessage, assistantMessage }, { conversationId }, context) =>
      replaceDrafts(queryClient, conversationId, context?.draftIds ?? [], [userMessage, assistantMessage]),
    onError: (error, { conversationId }, context) => {
      const refused = messagesOfRefusal(error);
      const stored = refused ? [refused.userMessage, refused.assistantMessage] : [];
      replaceDrafts(queryClient, conversationId, context?.draftIds ?? [], stored);
    },
  });
}
