/** The only place a web route is written (SPEC section 2). */
export const paths = {
  home: '/',
  checkoutSuccess: '/checkout-success',
  checkoutCancel: '/checkout-cancel',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
