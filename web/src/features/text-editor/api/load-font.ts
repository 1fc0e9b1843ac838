import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import type { FontId } from '@thumbnail-studio/contract';
import { type FontStack, parseFontStack } from '@thumbnail-studio/typeset';
import { useCallback } from 'react';
import { FONT_FILE_URLS } from './font-urls';

/** Fetches a font's files and reads their outlines: the same files the server draws with. */
export async function loadFontStack(id: FontId): Promise<FontStack> {
  const files = await Promise.all(
    FONT_FILE_URLS[id].map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`The font ${id} could not be loaded.`);
      return response.arrayBuffer();
    }),
  );
  return parseFontStack(files);
}

/** The fonts the layers use, each fetched once per visit; a font still loading is missing from the map. */
export function useFontStacks(ids: readonly FontId[]): Map<FontId, FontStack> {
  const unique = [...new Set(ids)];
  const key = unique.join();
  // A stable function, so the map is rebuilt only when a font arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids are read through their key
  const combine = useCallback(
    (results: UseQueryResult<FontStack>[]) =>
      new Map(unique.flatMap((id, i) => (results[i]?.data ? [[id, results[i].data] as const] : []))),
    [key],
  );
  return useQueries({
    queries: unique.map((id) => ({
      queryKey: ['text-font', id],
      queryFn: () => loadFontStack(id),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
    })),
    combine,
  });
}
