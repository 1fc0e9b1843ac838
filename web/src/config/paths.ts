/** The only place a web route is written. */
export const paths = {
  home: '/',
  checkoutSuccess: '/checkout-success',
  checkoutCancel: '/checkout-cancel',
} as const;
