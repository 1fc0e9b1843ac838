// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, GREETING, type PersonModel, type SendMessageBody } from '@thumbnail-studio/contract';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, server, withFakeApi } from '../../test/fake-api';
import { greeting, message, personModel } from '../../test/fixtures';
import { chatPanelProps, renderWithQueryClient } from '../../test/render';
import { withSignedInUser } from '../../test/session';
import { StudioChat } from './studio-chat';

withFakeApi();
withSignedInUser();

const alex = personModel('alex', { name: 'Alex' });
const sam = personModel('sam', { name: 'Sam' });

/** The chat of conversation c1 with the given models and stored messages; returns the bodies sent. */
async function renderChat(models: PersonModel[], stored = [greeting('c1')]) {
  const state = { models };
  const sent: SendMessageBody[] = [];
  server.use(
    answer(endpoints.listModels, () => ({ models: state.models })),
    answer(endpoints.listMessages, () => ({ messages: stored })),
    answer(endpoints.deleteModel, async ({ request }) => {
      const { modelId } = (await request.json()) as { modelId: string };
      state.models = state.models.filter((model) => model.id !== modelId);
      return new HttpResponse(null, { status: 204 });
    }),
    answer(endpoints.sendMessage, async ({ request }) => {
      const body = (await request.json()) as SendMessageBody;
      sent.push(body);
      const n = sent.length;
      return {
        userMessage: message(`user-${n}`, {
          role: 'user',
          content: body.content,
          selected_model_ids: body.selected_model_ids?.length ? body.selected_model_ids : null,
        }),
        assistantMessage: message(`answer-${n}`, { content: 'Done' }),
      };
    }),
  );
  renderWithQueryClient(<StudioChat {...chatPanelProps()} />);
  await screen.findByText(stored[0]?.content ?? GREETING);
  return { sent, state };
}

const user = () => userEvent.setup();

async function choosePeople(u: ReturnType<typeof userEvent.setup>, names: string[]) {
  await u.click(screen.getByRole('button', { name: 'Select people' }));
  const dialog = await screen.findByRole('dialog', { name: 'Manage Models' });
  for (const name of names) await u.click(await within(dialog).findByRole('checkbox', { name }));
  await u.click(within(dialog).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

async function send(u: ReturnType<typeof userEvent.setup>, text: string) {
  await u.type(screen.getByLabelText('Message'), `${text}{Enter}`);
}

const selectedChips = () => screen.queryByRole('list', { name: 'Selected people' });
const messages = () => within(screen.getByRole('log', { name: 'Messages' }));

describe('people in the chat', () => {
  it('sends the people chosen in Manage Models with every message and names them in the message', async () => {
    const u = user();
    const { sent } = await renderChat([alex, sam]);
    await choosePeople(u, ['Sam', 'Alex']);
    const chips = selectedChips() as HTMLElement;
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Sam', 'Alex']);

    await send(u, 'Two friends on a mountain');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.selected_model_ids).toEqual(['sam', 'alex']);
    const featured = await messages().findByRole('list', { name: 'People featured' });
    expect(
      within(featured)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Sam', 'Alex']);

    // The selection stays for the next message.
    await send(u, 'Now at the beach');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.selected_model_ids).toEqual(['sam', 'alex']);
  });

  it('removes a person with their chip', async () => {
    const u = user();
    const { sent } = await renderChat([alex, sam]);
    await choosePeople(u, ['Alex', 'Sam']);
    await u.click(screen.getByRole('button', { name: 'Remove Alex' }));
    expect(screen.queryByRole('button', { name: 'Remove Alex' })).toBeNull();
    await send(u, 'A portrait');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.selected_model_ids).toEqual(['sam']);

    await u.click(screen.getByRole('button', { name: 'Remove Sam' }));
    expect(selectedChips()).toBeNull();
    await send(u, 'A landscape');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.selected_model_ids).toEqual([]);
  });

  it('drops a deleted model from the selection', async () => {
    const u = user();
    const { sent } = await renderChat([alex, sam]);
    await choosePeople(u, ['Alex', 'Sam']);
    await u.click(screen.getByRole('button', { name: 'Select people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Models' });
    await u.click(
      within(within(dialog).getByRole('listitem', { name: 'Alex' })).getByRole('button', { name: 'Delete' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete model' });
    await u.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).queryByRole('listitem', { name: 'Alex' })).toBeNull());
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.queryByRole('button', { name: 'Remove Alex' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Sam' })).toBeTruthy();
    await send(u, 'A portrait');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.selected_model_ids).toEqual(['sam']);
  });

  it('shows the people of stored messages and leaves out models deleted since', async () => {
    await renderChat(
      [alex],
      [
        greeting('c1'),
        message('old-1', {
          role: 'user',
          content: 'With Alex and a gone one',
          selected_model_ids: ['gone', 'alex'],
        }),
        message('old-2', {
          role: 'user',
          content: 'Only gone ones',
          selected_model_ids: ['gone', 'also-gone'],
        }),
      ],
    );
    const featured = await messages().findByRole('list', { name: 'People featured' });
    expect(
      within(featured)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Alex']);
    expect(messages().getAllByRole('list', { name: 'People featured' })).toHaveLength(1);
    expect(messages().getByText('Only gone ones')).toBeTruthy();
  });
});
