import { checkoutReturnPaths } from '@thumbnail-studio/contract';

/** The only place a web route is written (the checkout's, where Stripe returns to, come from the contract). */
export const paths = {
  home: '/',
  /** Every thumbnail the user made, across conversations. */
  gallery: '/gallery',
  checkoutSuccess: checkoutReturnPaths.success,
  checkoutCancel: checkoutReturnPaths.cancel,
} as const;

/** The query the chat opens with to show one conversation at one of its messages. */
export const OPEN_AT_PARAMS = { conversation: 'conversation', message: 'message' } as const;

/** The chat, opened at one message of one conversation (the gallery's "Open in conversation"). */
export const conversationAtPath = (conversationId: string, messageId: string): string =>
  `${paths.home}?${new URLSearchParams({
    [OPEN_AT_PARAMS.conversation]: conversationId,
    [OPEN_AT_PARAMS.message]: messageId,
  })}`;
