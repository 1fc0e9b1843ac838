// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type TitleIdeas as Ideas, rateLimitedText } from '@thumbnail-studio/contract';
import { describe, expect, it, vi } from 'vitest';
import { answer, refusal, server, withFakeApi } from '../../../test/fake-api';
import { renderWithQueryClient } from '../../../test/render';
import { ConversationTitleIdeas } from './conversation-title-ideas';
import { TitleIdeas } from './title-ideas';

withFakeApi();

const IDEAS: Ideas = {
  titles: [
    'I Built a Cabin in 30 Days',
    'The Cabin Nobody Thought I Could Build',
    'From Bare Land to Dream Cabin',
    'Is an Off-Grid Cabin Worth It?',
    'Winter Cabin Tour',
  ],
  video_title: null,
};

/** The fake API answers title ideas with `ideas`; the bodies it was sent. */
function answerIdeas(ideas: Ideas = IDEAS) {
  const asked: unknown[] = [];
  server.use(
    answer(endpoints.suggestTitles, async ({ request }) => {
      asked.push(await request.json());
      return ideas;
    }),
  );
  return asked;
}

const ideasList = () => screen.findByRole('list', { name: 'Title ideas' });

describe('TitleIdeas', () => {
  it("asks for an image's ideas and lists them with their length; 'Use as title' hands one over", async () => {
    const asked = answerIdeas();
    const onUse = vi.fn();
    renderWithQueryClient(<TitleIdeas messageId="m1" image={2} provider="gemini" onUse={onUse} />);

    fireEvent.click(screen.getByRole('button', { name: 'Title ideas' }));

    const items = within(await ideasList()).getAllByRole('listitem');
    expect(items.map((item) => item.firstChild?.textContent)).toEqual(IDEAS.titles);
    expect(items[0]?.textContent).toContain('26/60 characters');
    expect(asked).toEqual([{ message_id: 'm1', image: 2, provider: 'gemini' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Use as title: From Bare Land to Dream Cabin' }));
    expect(onUse).toHaveBeenCalledWith('From Bare Land to Dream Cabin');
    expect(screen.getByRole('button', { name: 'New title ideas' })).toBeDefined();
  });

  it("offers no 'Use as title' without a taker, and shows the API's words when it refuses", async () => {
    server.use(answer(endpoints.suggestTitles, () => refusal('rate_limited', rateLimitedText(12))));
    renderWithQueryClient(<TitleIdeas messageId="m1" />);

    fireEvent.click(screen.getByRole('button', { name: 'Title ideas' }));

    expect((await screen.findByRole('alert')).textContent).toBe(rateLimitedText(12));
    expect(screen.queryByRole('button', { name: /Use as title/ })).toBeNull();
  });
});

describe('ConversationTitleIdeas', () => {
  it("opens a dialog with the conversation's ideas, their starting point, and Copy buttons", async () => {
    const asked = answerIdeas({ ...IDEAS, video_title: 'Building My Cabin' });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithQueryClient(<ConversationTitleIdeas conversationId="c1" provider={undefined} />);

    fireEvent.click(screen.getByRole('button', { name: 'Title ideas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Title ideas' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Title ideas' }));

    await ideasList();
    expect(asked).toEqual([{ conversation_id: 'c1' }]);
    expect(within(dialog).getByText("Starting from your video's title: Building My Cabin")).toBeDefined();
    expect(within(dialog).queryByRole('button', { name: /Use as title/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy: Winter Cabin Tour' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Winter Cabin Tour'));
    expect(await within(dialog).findByRole('button', { name: 'Copy: Winter Cabin Tour' })).toHaveProperty(
      'textContent',
      'Copied!',
    );
  });

  it('is not offered before the conversation exists', () => {
    renderWithQueryClient(<ConversationTitleIdeas conversationId={null} />);
    expect(screen.queryByRole('button', { name: 'Title ideas' })).toBeNull();
  });
});
