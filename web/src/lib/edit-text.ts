import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type LayerBox, type Message, type TextLayer } from '@thumbnail-studio/contract';
import { callApi } from './api-client';
import { messagesQueryKey } from './message-keys';

export interface EditTextInput {
  messageId: string;
  /** Which image of the message the layers are for; the first when left out. */
  image?: number;
  layers: readonly TextLayer[];
  /** Where the logo layer goes, or null for none; absent, it stays as it is. */
  logo?: LayerBox | null;
}

/**
 * Saves an image's text layers, for free (no provider, no credit): the server draws them over
 * the image's base as a new image message in the same conversation, the old one kept as the
 * version before.
 */
export async function editText({ messageId, image = 0, layers, logo }: EditTextInput): Promise<Message> {
  const { message } = await callApi(endpoints.editText, {
    params: { id: messageId },
    body: { image, layers: [...layers], ...(logo !== undefined && { logo }) },
  });
  return message;
}

/** Adds a message to the end of its conversation's cached messages, as a send's answer is. */
export const withMessage = (list: readonly Message[] | undefined, message: Message) =>
  list && [...list.filter((item) => item.id !== message.id), message];

/** Saves the layers; the new image message joins the chat (and the gallery on its next read). */
export function useEditText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editText,
    onSuccess: (message) => {
      queryClient.setQueryData<Message[]>(messagesQueryKey(message.conversation_id), (list) =>
        withMessage(list, message),
      );
      void queryClient.invalidateQueries({ queryKey: ['gallery'] });
    },
  });
}
