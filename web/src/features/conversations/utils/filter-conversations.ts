/** A search box shows over the conversation list once it holds more than this many. */
export const SEARCH_THRESHOLD = 8;

/** Whether the list offers a search box: when it is long, or while a search is typed. */
export const offersSearch = (count: number, query: string): boolean =>
  count > SEARCH_THRESHOLD || query.trim().length > 0;

/** The conversations whose title holds the query, ignoring case and surrounding spaces; all for a blank query. */
export function filterByTitle<T extends { title: string }>(conversations: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...conversations];
  return conversations.filter(({ title }) => title.toLocaleLowerCase().includes(needle));
}
