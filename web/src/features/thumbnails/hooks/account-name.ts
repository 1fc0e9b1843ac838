import { createContext, useContext } from 'react';

/**
 * The signed-in creator's name as a channel would show it (the app passes the email's local part):
 * what the YouTube preview shows as the channel until the creator types one.
 */
export const AccountNameContext = createContext('');

export const useAccountName = () => useContext(AccountNameContext);

/** The local part of an email address, the name a channel is given by default. */
export const accountNameOf = (email: string) => email.split('@')[0] ?? '';
