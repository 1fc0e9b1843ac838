import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '../components/ui/toast';
import { useAuth } from '../features/auth/hooks/auth-context';
import { AuthProvider } from '../features/auth/hooks/auth-provider';
import { AccountNameContext, accountNameOf } from '../features/thumbnails/hooks/account-name';
import { forgetUnrememberedOwnKeys } from '../lib/own-keys';
import { createQueryClient } from '../lib/query-client';
import { useTheme } from '../lib/theme';
import { HEADER_BOTTOM_VAR } from './hooks/use-toast-clearance';

// Below the header where there is one, so a toast never covers its controls.
const TOAST_TOP = { top: `calc(var(${HEADER_BOTTOM_VAR}, 0px) + 16px)` };

/** The signed-in account's name, for the chat's YouTube preview (a channel's default name). */
function AccountName({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <AccountNameContext.Provider value={accountNameOf(user?.email ?? '')}>
      {children}
    </AccountNameContext.Provider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {/* A different user must never see the previous user's cached data, nor find their keys. */}
      <AuthProvider onUserChange={() => queryClient.clear()} onSignedOut={forgetUnrememberedOwnKeys}>
        <AccountName>{children}</AccountName>
      </AuthProvider>
      <Toaster
        theme={theme}
        position="top-center"
        offset={TOAST_TOP}
        mobileOffset={TOAST_TOP}
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}
