import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderHookOptions, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';

interface Options<Props> extends Omit<RenderHookOptions<Props>, 'wrapper'> {
  /** A client whose cache the test seeded; by default a fresh one configured like the app's. */
  queryClient?: QueryClient;
}

/** Renders a hook inside a query client configured like the app's, returned to read its cache. */
export function renderWithQueries<Result, Props>(
  hook: (props: Props) => Result,
  { queryClient = createQueryClient(), ...options }: Options<Props> = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(hook, { ...options, wrapper }), queryClient };
}
