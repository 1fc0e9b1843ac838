import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type Message, type TextLayer } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { messagesQueryKey } from '../../../lib/message-keys';
import { mergeMessages } from './message-cache';

export interface EditTextInput {
  /** The answer whose image's text changes. */
  messageId: string;
  /** Which of its images; the first when left out. */
  image?: number;
  /** All of the image's new layers. */
  layers: readonly TextLayer[];
}

/**
 * Redraws an image's text with new layers, for free (no provider, no credit): the answer is a
 * new image message in the same conversation, the old one kept as the version before.
 */
export async function editText({ messageId, image = 0, layers }: EditTextInput): Promise<Message> {
  const { message } = await callApi(endpoints.editText, {
    params: { id: messageId },
    body: { image, layers: [...layers] },
  });
  return message;
}

/** Edits an image's text and shows the new message in its conversation at once. */
export function useEditText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editText,
    onSuccess: (message) =>
      queryClient.setQueryData<Message[]>(
        messagesQueryKey(message.conversation_id),
        (list) => list && mergeMessages(list, [message]),
      ),
  });
}
