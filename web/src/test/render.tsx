import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderHookOptions, render, renderHook } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
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

/** Renders a component inside a query client configured like the app's. */
export function renderWithQueryClient(ui: ReactElement, queryClient = createQueryClient()) {
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

/** What the chat is given by the signed-in screen: conversation c1 on the local provider, every callback a mock. */
export const chatPanelProps = () => ({
  conversationId: 'c1',
  provider: 'local',
  ensureConversation: vi.fn(async () => 'c1'),
  onMessageSent: vi.fn(),
  onInsufficientCredits: vi.fn(),
  onGenerationSettled: vi.fn(),
});
