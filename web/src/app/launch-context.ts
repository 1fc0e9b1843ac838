import { createContext, useContext } from 'react';

/** How the app was entered from the landing page, and the way back to it. */
export interface Launch {
  authMode: 'sign-in' | 'sign-up';
  showLanding?: () => void;
}

export const LaunchContext = createContext<Launch>({ authMode: 'sign-in' });

export const useLaunch = () => useContext(LaunchContext);
