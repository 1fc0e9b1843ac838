// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LIKENESS_EXPLAINER, type Likeness } from '@thumbnail-studio/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LikenessNote } from './likeness-note';

const likeness = (people: Likeness['people']): Likeness => ({ faces: [], people });

afterEach(cleanup);

describe('LikenessNote', () => {
  it("gives each person's score with the one line that explains it, and offers no retry when all look alike", () => {
    render(
      <LikenessNote
        likeness={likeness([
          { name: 'Robin', score: 91 },
          { name: 'Sasha', score: 60 },
        ])}
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByRole('region', { name: 'Likeness' }).textContent).toBe(
      `Likeness: Robin 91% · Sasha 60%. ${LIKENESS_EXPLAINER}`,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers the retry for whoever falls under the threshold or has no face in the image', () => {
    const onRetry = vi.fn();
    render(
      <LikenessNote
        likeness={likeness([
          { name: 'Robin', score: 91 },
          { name: 'Sasha', score: 41 },
          { name: 'Kim', score: null, reason: 'no_face_in_image' },
          { name: 'Logo', score: null, reason: 'no_face_in_photos' },
        ])}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('region', { name: 'Likeness' }).textContent).toContain(
      'Robin 91% · Sasha 41% · Kim: no face found in the image · Logo: no face found in their photos.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry with identity first' }));
    expect(onRetry).toHaveBeenCalledWith(['Sasha', 'Kim']);
  });

  it('offers no retry where it is not asked for (an older image), and says nothing when nobody was featured', () => {
    const { container } = render(<LikenessNote likeness={likeness([{ name: 'Sasha', score: 41 }])} />);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    render(<LikenessNote likeness={likeness([])} onRetry={vi.fn()} />);
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('region', { name: 'Likeness' })).toBeNull();
  });
});
