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

/** The query the chat opens with to start a new conversation with one image as its reference. */
export const START_FROM_PARAMS = { message: 'like', image: 'image' } as const;

/** A new conversation with the `index`th image of message `messageId` attached ("More like the winner"). */
export const moreLikePath = (messageId: string, index: number): string =>
  `${paths.home}?${new URLSearchParams({
    [START_FROM_PARAMS.message]: messageId,
    [START_FROM_PARAMS.image]: String(index),
  })}`;
