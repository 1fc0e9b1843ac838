import { useState } from 'react';
import { useSearch } from 'wouter';
import { START_FROM_PARAMS } from '../../config/paths';

/**
 * The image a new conversation was asked to start from ("More like the winner"), read once from
 * the address (which `useOpenAt` then takes back to plain '/').
 */
export function useStartFrom(): { messageId: string; index: number } | null {
  const search = useSearch();
  const [startFrom] = useState(() => {
    const query = new URLSearchParams(search);
    const messageId = query.get(START_FROM_PARAMS.message);
    const index = Number(query.get(START_FROM_PARAMS.image) ?? 0);
    return messageId && Number.isInteger(index) && index >= 0 ? { messageId, index } : null;
  });
  return startFrom;
}
