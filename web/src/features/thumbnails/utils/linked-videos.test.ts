import { describe, expect, it } from 'vitest';
import type { ViewMessage } from '../../../lib/to-view-message';
import { linkedVideos, withoutVideoLinks } from './linked-videos';

const message = (type: ViewMessage['type'], content: string, uploadedImages: string[] = []) =>
  ({ type, content, uploadedImages }) as ViewMessage;

describe('the videos linked in a conversation', () => {
  it('are the first references of each message with links, one per valid link', () => {
    const videos = linkedVideos([
      message('user', 'Like https://youtu.be/aaaaaaaaaaa and youtube.com/watch?v=bbbbbbbbbbb please', [
        'a.jpg',
        'b.jpg',
        'upload.png',
      ]),
      message('assistant', 'https://youtu.be/ccccccccccc', ['never.jpg']),
    ]);
    expect(videos).toEqual([
      { videoId: 'aaaaaaaaaaa', thumbnailUrl: 'a.jpg' },
      { videoId: 'bbbbbbbbbbb', thumbnailUrl: 'b.jpg' },
    ]);
  });

  it('count a bare id sent alone, skip invalid links, and list each video once', () => {
    const videos = linkedVideos([
      message('user', ' dQw4w9WgXcQ ', ['first.jpg']),
      message('user', 'youtube.com/nothing-here then https://youtu.be/dQw4w9WgXcQ', ['again.jpg']),
      message('user', 'spectacular thumbnail of a cat', ['cat.png']),
    ]);
    expect(videos).toEqual([{ videoId: 'dQw4w9WgXcQ', thumbnailUrl: 'first.jpg' }]);
  });

  it('are none when a link went without its thumbnail', () => {
    expect(linkedVideos([message('user', 'https://youtu.be/aaaaaaaaaaa')])).toEqual([]);
  });
});

describe('a prompt as a title', () => {
  it('leaves its video links out', () => {
    expect(
      withoutVideoLinks('https://youtu.be/aaaaaaaaaaa  A cat, like youtube.com/watch?v=bbbbbbbbbbb'),
    ).toBe('A cat, like');
  });
});
