import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { endpointPath, endpoints, type GalleryPage, type Message } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { allMessagesQueryKey, galleryQueryKey } from './message-cache';

/** Makes the image's public link, or answers the one it has: its token. */
export async function shareImage(messageId: string): Promise<string> {
  return (await callApi(endpoints.shareImage, { params: { id: messageId } })).token;
}

/** Revokes the image's public link: its page stops working at once. */
export function unshareImage(messageId: string): Promise<void> {
  return callApi(endpoints.unshareImage, { params: { id: messageId } });
}

/** The address of a shared image's page, on the app's own origin. */
export const sharedPageUrl = (token: string): string =>
  `${window.location.origin}${endpointPath(endpoints.getSharedPage, { token })}`;

const withToken = (messageId: string, token: string | null) => (message: Message) =>
  message.id === messageId ? { ...message, share_token: token } : message;

/** Writes an image's link (or its absence) into every cached copy: the chat's lists and the gallery. */
export function setCachedShareToken(queryClient: QueryClient, messageId: string, token: string | null) {
  queryClient.setQueriesData<Message[]>({ queryKey: allMessagesQueryKey }, (list) =>
    list?.map(withToken(messageId, token)),
  );
  queryClient.setQueriesData<InfiniteData<GalleryPage>>({ queryKey: galleryQueryKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            images: page.images.map(withToken(messageId, token)),
          })),
        }
      : data,
  );
}
