// Imports nothing (no zod): the web app's routes take these paths, and the landing page's bundle
// stays free of the contract's schemas.

/** Where the hosted checkout sends the buyer back to in the app: paid, or cancelled. */
export const checkoutReturnPaths = { success: '/checkout-success', cancel: '/checkout-cancel' } as const;

/** The query parameter of the success path that names the checkout session paid. */
export const CHECKOUT_SESSION_PARAM = 'session_id';
