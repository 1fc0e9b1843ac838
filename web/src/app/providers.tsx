import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '../components/ui/toast';
import { AuthProvider } from '../features/auth/hooks/auth-provider';
import { createQueryClient } from '../lib/query-client';
import { useTheme } from '../lib/theme';
import { HEADER_BOTTOM_VAR } from './hooks/use-toast-clearance';

// Below the header where there is one, so a toast never covers its controls.
const TOAST_TOP = { top: `calc(var(${HEADER_BOTTOM_VAR}, 0px) + 16px)` };

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {/* A different user must never see the previous user's cached data. */}
      <AuthProvider onUserChange={() => queryClient.clear()}>{children}</AuthProvider>
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
