import { useMutation } from '@tanstack/react-query';
import { endpoints, type TitleIdeas, type TitleIdeasBody } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';

/** Five title ideas for one of the caller's images or conversations (free; written anew each time). */
export async function suggestTitles(body: TitleIdeasBody): Promise<TitleIdeas> {
  return callApi(endpoints.suggestTitles, { body });
}

/** Asks for title ideas; each ask writes new ones, so nothing is cached. */
export function useSuggestTitles() {
  return useMutation({ mutationFn: suggestTitles });
}
