import type { Legibility } from '@thumbnail-studio/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BIG_TEXT, SMALL_TEXT, thumbnailWithText } from '../../../tests/fakes/text-image';
import { textLayer } from '../../../tests/support/text-layer';
import { stopTextReader } from '../adapters/text-reader';
import type { StoredMessage } from '../core/types';

const saveImageCheck = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../data/jobs-repo', () => ({ saveImageCheck }));

const { checkLegibility, recordLegibility } = await import('./legibility-check');

afterAll(() => stopTextReader());

describe('the legibility check (real OCR on images drawn here)', () => {
  it('reads big bold text at full size and at both feed sizes', async () => {
    const image = await thumbnailWithText(BIG_TEXT);
    const verdict = await checkLegibility(image, 'A trophy, with the text "Big win"');
    expect(verdict.text).toBe('BIG WIN');
    expect(verdict.sizes.map((size) => [size.width, size.reads])).toEqual([
      [1280, true],
      [246, true],
      [168, true],
    ]);
    expect(verdict.reads_at_feed_size).toBe(true);
  }, 60_000);

  it('finds that small text is lost at feed size, and where it sits', async () => {
    const image = await thumbnailWithText(SMALL_TEXT);
    const verdict = await checkLegibility(image, 'text "SAVE" and "watch until the end for tips"');
    expect(verdict.sizes[0]?.reads).toBe(true);
    expect(verdict.reads_at_feed_size).toBe(false);
    expect(verdict.hard_to_read).toContain('bottom right');
    // The big word on the left still reads there.
    expect(verdict.hard_to_read.every((area) => area.startsWith('bottom'))).toBe(true);
  }, 60_000);

  it('has nothing to check on an image without text, when none was asked for', async () => {
    const verdict = await checkLegibility(await thumbnailWithText([]), 'an orange sun over the sea');
    expect(verdict.text).toBe('');
  }, 60_000);
});

describe('recording the check after a job', () => {
  it('judges text drawn as layers from the layers, and records the verdict with the fix', async () => {
    const job = { id: 'job-2', conversation_id: 'c-1' } as StoredMessage;
    const base = await thumbnailWithText([]);
    const tiny = textLayer({ text: 'tiny words', size: 24, outline: null, shadow: false });
    await recordLegibility({
      job,
      image: base,
      prompt: 'a sea, text "tiny words"',
      people: [],
      layered: { base, layers: [tiny] },
    });
    const [[, , verdict]] = saveImageCheck.mock.calls as unknown as [[StoredMessage, string, Legibility]];
    expect(verdict).toMatchObject({ text: 'tiny words', reads_at_feed_size: false });
    expect(verdict.readable_layers?.[0]?.size).toBeGreaterThan(24);
    saveImageCheck.mockClear();
  }, 30_000);

  it('records no verdict (null) when the check fails, so the chat stops following the image', async () => {
    const job = { id: 'job-1', conversation_id: 'c-1' } as StoredMessage;
    const unreadable = new Uint8Array([1, 2, 3, 4]);
    await recordLegibility({ job, image: unreadable, prompt: 'the text "Big win"', people: [] });
    expect(saveImageCheck).toHaveBeenCalledExactlyOnceWith(job, 'legibility', null);
  });
});
