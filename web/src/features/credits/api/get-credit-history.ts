import { useInfiniteQuery } from '@tanstack/react-query';
import { type CreditHistory, type CreditHistoryEntry, endpoints } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';

export const creditHistoryQueryKey = ['credit-history'] as const;

/** One page of the caller's ledger, newest first; `cursor` is the previous page's `next_cursor`. */
export const getCreditHistory = (cursor?: string): Promise<CreditHistory> =>
  callApi(endpoints.getCreditHistory, cursor === undefined ? {} : { query: { cursor } });

/** The pages loaded so far as one list (an entry that moved between pages is shown once). */
function entriesOf(pages: readonly CreditHistory[]): CreditHistoryEntry[] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.entries.filter((entry) => {
      if (seen.has(entry.id)) return false;
      seen.add(entry.id);
      return true;
    }),
  );
}

/**
 * The credit history, one page at a time: `loadMore` fetches the next older page. Read afresh each
 * time it is shown, since purchases and generations change it.
 */
export function useCreditHistory() {
  const query = useInfiniteQuery({
    queryKey: creditHistoryQueryKey,
    queryFn: ({ pageParam }) => getCreditHistory(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
  const pages = query.data?.pages;
  return {
    query,
    /** The balance as the newest page reports it. */
    balance: pages?.[0]?.balance,
    entries: pages ? entriesOf(pages) : [],
  };
}
