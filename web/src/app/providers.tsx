import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '../components/ui/toast';
import { AuthProvider } from '../features/auth/hooks/auth-provider';
import { createQueryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* A different user must never see the previous user's cached data. */}
      <AuthProvider onUserChange={() => queryClient.clear()}>{children}</AuthProvider>
      <Toaster theme="dark" position="top-center" richColors closeButton />
    </QueryClientProvider>
  );
}
