// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { PHASE_TEXT, type ProviderOption, TIME_LEFT_TEXTS } from '@thumbnail-studio/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { toViewMessage } from '../../../lib/to-view-message';
import { message } from '../../../test/fixtures';
import { renderWithQueryClient } from '../../../test/render';
import { JobProgress } from './job-progress';
import { MessageBubble } from './message-bubble';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const timing = { waiting_ms: 1_000, drawing_ms: 20_000, finishing_ms: 2_000, slow_after_ms: 40_000, jobs: 8 };
const sent = '2026-11-28T12:00:00.000Z';

/** A query client holding the providers as the picker read them. */
function withProviders(providers: ProviderOption[]) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['providers'], { providers, default: providers[0]?.id });
  return queryClient;
}

describe('JobProgress', () => {
  it("counts down the time left by the provider's recent jobs, then says it is taking longer", () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(sent));
    renderWithQueryClient(
      <JobProgress
        message={{ content: PHASE_TEXT.generating, createdAt: sent, startedAt: null, provider: 'gemini' }}
      />,
      withProviders([{ id: 'gemini', label: 'Gemini', timing }]),
    );
    expect(screen.getByTestId('time-left').textContent).toBe('About 23 s left');
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('time-left').textContent).toBe('About 13 s left');
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByTestId('time-left').textContent).toBe(TIME_LEFT_TEXTS.almostDone);
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByTestId('time-left').textContent).toBe(TIME_LEFT_TEXTS.longer);
  });

  it('shows only the phase for a provider without enough recent jobs', () => {
    renderWithQueryClient(
      <JobProgress
        message={{ content: PHASE_TEXT.queued, createdAt: sent, startedAt: null, provider: 'local' }}
      />,
      withProviders([{ id: 'local', label: 'Offline' }]),
    );
    expect(screen.getByText('Processing your request')).toBeTruthy();
    expect(screen.queryByTestId('time-left')).toBeNull();
  });
});

describe('a pending answer', () => {
  it('shows the latest partial picture of each image, softened, and a shimmer for one without', () => {
    const pending = toViewMessage(
      message('j1', {
        status: 'pending',
        content: PHASE_TEXT.generating,
        partials: ['https://storage.test/p/v0-1.webp', null],
      }),
    );
    renderWithQueryClient(<MessageBubble message={pending} />, createQueryClient());
    const pictures = screen.getAllByTestId('partial-picture');
    expect(pictures.map((picture) => picture.getAttribute('src'))).toEqual([
      'https://storage.test/p/v0-1.webp',
    ]);
    expect(pictures[0]?.getAttribute('alt')).toBe('Drawn so far (1 of 2)');
    expect(pictures[0]?.className).toContain('blur');
  });

  it('shows a shimmer until a picture comes', () => {
    const pending = toViewMessage(message('j2', { status: 'pending', content: PHASE_TEXT.queued }));
    renderWithQueryClient(<MessageBubble message={pending} />, createQueryClient());
    expect(screen.queryByTestId('partial-picture')).toBeNull();
  });
});
