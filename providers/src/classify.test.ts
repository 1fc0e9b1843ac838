import { describe, expect, it, vi } from 'vitest';
import {
  CLASSIFIER_INSTRUCTIONS,
  classifierHistory,
  classifyIfEditable,
  classifyRequest,
  normalizeClassification,
} from './classify';
import type { ChatTurn } from './types';

const turn = (overrides: Partial<ChatTurn> = {}): ChatTurn => ({
  role: 'user',
  text: 'A cat on the moon',
  hasImages: false,
  ...overrides,
});
const answering = (answer: string) => ({ classify: vi.fn(async () => answer) });

describe('classifyRequest', () => {
  it('answers IMAGE_EDIT without asking when the second-to-last message carries images', async () => {
    const provider = answering('NEW_IMAGE');
    const history = [turn(), turn({ hasImages: true }), turn({ role: 'assistant', text: 'Processing' })];

    expect(await classifyRequest(history, 'make it pop', provider)).toBe('IMAGE_EDIT');
    expect(provider.classify).not.toHaveBeenCalled();
  });

  it('asks the provider when only other messages carry images, passing history and message', async () => {
    const provider = answering('IMAGE_EDIT');
    const history = [turn({ hasImages: true }), turn(), turn({ role: 'assistant', text: 'Processing' })];

    expect(await classifyRequest(history, 'make it pop', provider)).toBe('IMAGE_EDIT');
    expect(provider.classify).toHaveBeenCalledWith(history, 'make it pop');
  });

  it.each([
    ['IMAGE_EDIT', 'IMAGE_EDIT'],
    ['  image_edit\n', 'IMAGE_EDIT'],
    ['Image_Edit', 'IMAGE_EDIT'],
    ['NEW_IMAGE', 'NEW_IMAGE'],
    ['IMAGE_EDIT.', 'NEW_IMAGE'],
    ['I think IMAGE_EDIT', 'NEW_IMAGE'],
    ['', 'NEW_IMAGE'],
  ])('reads the answer %j as %s', async (answer, expected) => {
    expect(await classifyRequest([turn()], 'x', answering(answer))).toBe(expected);
  });

  it('treats a provider failure as NEW_IMAGE and logs it', async () => {
    const onFailure = vi.fn();
    const provider = { classify: vi.fn(async () => Promise.reject(new Error('boom'))) };

    expect(await classifyRequest([turn()], 'x', provider, onFailure)).toBe('NEW_IMAGE');
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
  });

  it('treats a missing provider as NEW_IMAGE', async () => {
    expect(await classifyRequest([turn()], 'edit it', undefined)).toBe('NEW_IMAGE');
  });

  it('handles an empty history', async () => {
    expect(await classifyRequest([], 'x', answering('IMAGE_EDIT'))).toBe('IMAGE_EDIT');
  });
});

describe('classifyIfEditable', () => {
  it('asks no model for a request with nothing to edit: a new image', async () => {
    const provider = answering('IMAGE_EDIT');
    expect(await classifyIfEditable(false, [turn()], 'make it pop', provider)).toBe('NEW_IMAGE');
    expect(provider.classify).not.toHaveBeenCalled();
  });

  it('classifies a request that could be an edit as classifyRequest does', async () => {
    const provider = answering('IMAGE_EDIT');
    expect(await classifyIfEditable(true, [turn()], 'make it pop', provider)).toBe('IMAGE_EDIT');
    expect(provider.classify).toHaveBeenCalledTimes(1);
  });
});

describe('classifier helpers', () => {
  it('normalises only the one exact word', () => {
    expect(normalizeClassification(' IMAGE_EDIT ')).toBe('IMAGE_EDIT');
    expect(normalizeClassification('IMAGE_EDITING')).toBe('NEW_IMAGE');
  });

  it('drops empty turns but keeps image-only ones', () => {
    const history = [turn({ text: ' ' }), turn({ text: '', hasImages: true }), turn()];
    expect(classifierHistory(history)).toEqual([history[1], history[2]]);
  });

  it('gives the model the edit-or-new rules and asks for one word', () => {
    expect(CLASSIFIER_INSTRUCTIONS).toContain('modify or change a previous image, answer IMAGE_EDIT');
    expect(CLASSIFIER_INSTRUCTIONS).toContain(
      'video link or refers to a thumbnail as a reference, answer IMAGE_EDIT',
    );
    expect(CLASSIFIER_INSTRUCTIONS).toContain(
      'wholly new image with no reference to an earlier image, answer NEW_IMAGE',
    );
    expect(CLASSIFIER_INSTRUCTIONS).toContain('exactly one word');
  });
});
