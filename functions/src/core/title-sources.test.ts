import { describe, expect, it } from 'vitest';
import { firstLinkedVideo, titleRequestOf } from './title-sources';

const user = (content: string) => ({ role: 'user' as const, content });
const assistant = (content: string) => ({ role: 'assistant' as const, content });

describe('titleRequestOf', () => {
  it('describes an image by its prompt, without links or quoted text, and gathers every text it carries', () => {
    const image = {
      message: {
        prompt: 'A chef with a huge burger https://youtu.be/dQw4w9WgXcQ saying "BEST BURGER"',
        legibility: { text: 'BEST BURGER!' } as never,
      },
      keys: { text_layers: [{ text: 'BEST BURGER' }, { text: 'NEW' }] as never },
    };

    expect(titleRequestOf(image, ['ignored'], 'My Burger Video')).toEqual({
      subject: 'A chef with a huge burger saying',
      thumbnailText: ['BEST BURGER', 'NEW', 'BEST BURGER!'],
      videoTitle: 'My Burger Video',
    });
  });

  it('describes a conversation without an image by its latest prompts and their quoted text', () => {
    const prompts = ['first', 'A fox', 'A red fox "RUN"', 'In the snow'];
    expect(titleRequestOf(undefined, prompts, undefined)).toEqual({
      subject: 'A fox; A red fox; In the snow',
      thumbnailText: ['RUN'],
      videoTitle: undefined,
    });
  });
});

describe('firstLinkedVideo', () => {
  it("finds the oldest user message's video: a valid link or a bare id sent alone", () => {
    expect(
      firstLinkedVideo([assistant('https://youtu.be/aaaaaaaaaaa'), user('no link here')]),
    ).toBeUndefined();
    expect(
      firstLinkedVideo([
        user('see youtube.com/watch?v=bad'),
        user('like https://www.youtube.com/watch?v=dQw4w9WgXcQ please'),
        user('https://youtu.be/bbbbbbbbbbb'),
      ]),
    ).toBe('dQw4w9WgXcQ');
    expect(firstLinkedVideo([user(' ccccccccccc ')])).toBe('ccccccccccc');
  });
});
