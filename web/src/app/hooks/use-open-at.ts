import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { OPEN_AT_PARAMS, paths } from '../../config/paths';

/**
 * The conversation and message the chat was asked to open at (the gallery's "Open in
 * conversation"), read once from the address, which then goes back to plain '/'.
 */
export function useOpenAt(): { conversationId: string; messageId: string } | null {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [openAt] = useState(() => {
    const query = new URLSearchParams(search);
    const conversationId = query.get(OPEN_AT_PARAMS.conversation);
    const messageId = query.get(OPEN_AT_PARAMS.message);
    return conversationId && messageId ? { conversationId, messageId } : null;
  });
  useEffect(() => {
    if (search) navigate(paths.home, { replace: true });
  }, [search, navigate]);
  return openAt;
}
