import { useInfiniteQuery } from '@tanstack/react-query';
import { endpoints, type GalleryPage } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';

/** The gallery's pages: the user's images across conversations, newest first. */
export const galleryQueryKey = ['gallery'] as const;

/** One page of the user's images, newest first: the first one, or the one after `cursor`. */
export function listGalleryPage(cursor?: string): Promise<GalleryPage> {
  return callApi(endpoints.listGallery, cursor === undefined ? undefined : { query: { cursor } });
}

/** The user's images across conversations, newest first, a page at a time. */
export function useGallery() {
  return useInfiniteQuery({
    queryKey: galleryQueryKey,
    queryFn: ({ pageParam }) => listGalleryPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor,
  });
}
