// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LEGIBILITY_EDIT_PROMPT, type Legibility, MAKE_READABLE } from '@thumbnail-studio/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textLayer } from '../../../../../tests/support/text-layer';
import { LegibilityNote } from './legibility-note';

const sizes = (full: boolean, home: boolean, sidebar: boolean) => [
  { width: 1280, height: 720, reads: full },
  { width: 246, height: 138, reads: home },
  { width: 168, height: 94, reads: sidebar },
];
const verdict = (overrides: Partial<Legibility>): Legibility => ({
  text: 'BIG WIN',
  sizes: sizes(true, true, true),
  reads_at_feed_size: true,
  hard_to_read: [],
  ...overrides,
});

afterEach(cleanup);

describe('LegibilityNote', () => {
  it('says the text reads at both feed sizes, and offers no edit', () => {
    render(<LegibilityNote legibility={verdict({})} onImproveText={vi.fn()} />);
    expect(screen.getByRole('region', { name: 'Text legibility' }).textContent).toContain(
      'The text reads at feed size (246x138 and 168x94).',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('names the sizes and areas where the text is lost, and asks for the edit in one click', () => {
    const onImproveText = vi.fn();
    render(
      <LegibilityNote
        legibility={verdict({
          sizes: sizes(true, true, false),
          reads_at_feed_size: false,
          hard_to_read: ['bottom right'],
        })}
        onImproveText={onImproveText}
      />,
    );
    expect(screen.getByText(/hard to read/).textContent).toContain(
      'The text is hard to read at 168x94 (bottom right).',
    );
    fireEvent.click(screen.getByRole('button', { name: LEGIBILITY_EDIT_PROMPT }));
    expect(onImproveText).toHaveBeenCalledOnce();
  });

  it('says when the text does not read even at full size; no button where no edit is offered', () => {
    render(
      <LegibilityNote
        legibility={verdict({ sizes: sizes(false, false, false), reads_at_feed_size: false })}
      />,
    );
    expect(screen.getByText(/could not be read back, even at full size/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers a layered image’s free fix: the layers as the verdict made them readable', () => {
    const readable = [textLayer()];
    const lost = { sizes: sizes(true, false, false), reads_at_feed_size: false, hard_to_read: ['top left'] };
    const onImproveText = vi.fn();
    render(
      <LegibilityNote
        legibility={verdict({ ...lost, readable_layers: readable })}
        onImproveText={onImproveText}
      />,
    );
    const note = screen.getByRole('region', { name: 'Text legibility' }).textContent;
    expect(note).toContain('The text is hard to read at 246x138 and 168x94 (top left).');
    expect(note).toContain('Checked from the text’s size, contrast and place');
    expect(screen.queryByRole('button', { name: LEGIBILITY_EDIT_PROMPT })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: MAKE_READABLE }));
    expect(onImproveText).toHaveBeenCalledExactlyOnceWith(readable);
  });

  it('says nothing for an image without text', () => {
    const { container } = render(<LegibilityNote legibility={verdict({ text: '', sizes: [] })} />);
    expect(container.textContent).toBe('');
  });
});
