import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { endpointPath, endpoints, type GalleryPage, type Message } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { allMessagesQueryKey } from '../../../lib/message-keys';
import { galleryQueryKey } from './get-gallery';

/** Which of a message's images a call names: the first needs no query, a variation `?image=`. */
const imageQuery = (index: number) => (index > 0 ? { image: String(index) } : undefined);

/**
 * Makes the public link of one of a message's images (`index`: which of its variations, the
 * first by default), or answers the one it has: its token.
 */
export async function shareImage(messageId: string, index = 0): Promise<string> {
  return (await callApi(endpoints.shareImage, { params: { id: messageId }, query: imageQuery(index) })).token;
}

/** Revokes the public link of one of a message's images: its page stops working at once. */
export function unshareImage(messageId: string, index = 0): Promise<void> {
  return callApi(endpoints.unshareImage, { params: { id: messageId }, query: imageQuery(index) });
}

/** The address of a shared image's page, on the app's own origin. */
export const sharedPageUrl = (token: string): string =>
  `${window.location.origin}${endpointPath(endpoints.getSharedPage, { token })}`;

/** The message with one image's link set (or gone); the message's own field is the first image's. */
const withToken = (messageId: string, index: number, token: string | null) => (message: Message) =>
  message.id === messageId
    ? {
        ...message,
        ...(index === 0 ? { share_token: token } : {}),
        images:
          message.images?.map((image) =>
            image.index === index ? { ...image, share_token: token } : image,
          ) ?? null,
      }
    : message;

/**
 * Writes one image's link (or its absence) into every cached copy: the chat's lists and the
 * gallery.
 */
export function setCachedShareToken(
  queryClient: QueryClient,
  messageId: string,
  index: number,
  token: string | null,
) {
  const update = withToken(messageId, index, token);
  queryClient.setQueriesData<Message[]>({ queryKey: allMessagesQueryKey }, (list) => list?.map(update));
  // A read of the chat already in flight answers the link as it was: it is read again instead
  // (invalidating cancels it), so it cannot write the old state over this one.
  void queryClient.invalidateQueries({ queryKey: allMessagesQueryKey });
  queryClient.setQueriesData<InfiniteData<GalleryPage>>({ queryKey: galleryQueryKey }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, images: page.images.map(update) })) }
      : data,
  );
}
