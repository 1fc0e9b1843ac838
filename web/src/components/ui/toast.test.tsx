// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster, toast } from './toast';

afterEach(cleanup);

describe('toast', () => {
  it('renders no toaster until the first toast, then shows that toast', async () => {
    const { container } = render(<Toaster />);
    const before = container.innerHTML;

    act(() => toast.error('Could not copy the link'));

    expect(before).toBe('');
    expect(await screen.findByText('Could not copy the link')).toBeTruthy();
  });
});
