export type AuthMode = 'sign-in' | 'sign-up';
