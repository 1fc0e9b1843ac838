// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, MODEL_TEXTS, type PersonModel } from '@thumbnail-studio/contract';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { answer, gate, refusal, server, withFakeApi } from '../../../test/fake-api';
import { personModel } from '../../../test/fixtures';
import { withSignedInUser } from '../../../test/session';
import { PeopleButton } from './people-button';

withFakeApi();
withSignedInUser();

const alex = personModel('alex', { name: 'Alex', usage_count: 3 });
const sam = personModel('sam', { name: 'Sam', usage_count: 1 });
const kim = personModel('kim', { name: 'Kim' }, 1);

/** The people button over a models list that the test can change; returns what Apply passed on. */
function renderPeople(models: PersonModel[] = [alex, sam, kim], selectedIds: string[] = []) {
  let stored = models;
  server.use(answer(endpoints.listModels, () => ({ models: stored })));
  const onApply = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PeopleButton selectedIds={selectedIds} onApply={onApply} />
    </QueryClientProvider>,
  );
  return {
    onApply,
    setModels: (next: PersonModel[]) => {
      stored = next;
    },
  };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Select people' }));
  const dialog = await screen.findByRole('dialog', { name: 'Manage Models' });
  await within(dialog).findByRole('list', { name: 'Your models' });
  return dialog;
}

const row = (dialog: HTMLElement, name: string) => within(dialog).getByRole('listitem', { name });

describe('Manage Models', () => {
  it('lists the models with their usage and applies the checked ones', async () => {
    const user = userEvent.setup();
    const { onApply } = renderPeople([alex, sam, kim], ['sam']);
    const dialog = await openDialog(user);
    expect(within(row(dialog, 'Alex')).getByText(/Used 3 times/)).toBeTruthy();
    expect(within(row(dialog, 'Kim')).getByText(/Not used yet · 1 photo$/)).toBeTruthy();
    expect((within(dialog).getByRole('checkbox', { name: 'Sam' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Kim' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sam' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Alex' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(['kim', 'alex']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on Escape without applying and gives focus back to the button', async () => {
    const user = userEvent.setup();
    const { onApply } = renderPeople();
    const button = screen.getByRole('button', { name: 'Select people' });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Alex' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(onApply).not.toHaveBeenCalled();
  });

  it('deletes a model after confirming, and it leaves the selection', async () => {
    const user = userEvent.setup();
    const answered = gate();
    const deleted: unknown[] = [];
    const { onApply, setModels } = renderPeople([alex, sam], ['alex', 'sam']);
    server.use(
      answer(endpoints.deleteModel, async ({ request }) => {
        deleted.push(await request.json());
        await answered.opened;
        setModels([sam]);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const dialog = await openDialog(user);
    await user.click(within(row(dialog, 'Alex')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete model' });
    expect(within(confirm).getByText('Are you sure you want to delete this model?')).toBeTruthy();

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(within(confirm).getByRole('button', { name: 'Delete' }).getAttribute('aria-busy')).toBe('true');
    await act(async () => answered.open());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(within(dialog).queryByRole('listitem', { name: 'Alex' })).toBeNull());
    expect(deleted).toEqual([{ modelId: 'alex' }]);
    // The row that opened the confirmation is gone: focus stays in the dialog.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Upload New Model' })),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(['sam']);
  });

  it('keeps the model and says so when deleting fails; Cancel keeps it too', async () => {
    const user = userEvent.setup();
    renderPeople();
    server.use(answer(endpoints.deleteModel, () => refusal('internal', 'Something broke')));
    const dialog = await openDialog(user);
    await user.click(within(row(dialog, 'Sam')).getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete model' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(MODEL_TEXTS.deleteFailed);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Asked again, the confirmation starts without the old failure.
    await user.click(within(row(dialog, 'Sam')).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete model' });
    expect(within(confirm).queryByRole('alert')).toBeNull();
  });

  it("says 'Failed to load models' and tries again", async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      answer(endpoints.listModels, () => {
        calls += 1;
        return calls === 1 ? refusal('bad_request', 'Nope') : { models: [alex] };
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PeopleButton selectedIds={[]} onApply={vi.fn()} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Select people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Models' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to load models');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Alex' })).toBeTruthy();
  });

  it('opens Upload New Model and Edit Model from the list', async () => {
    const user = userEvent.setup();
    renderPeople();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Upload New Model' }));
    const upload = await screen.findByRole('dialog', { name: 'Upload New Model' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(upload.isConnected).toBe(false));
    expect(screen.getByRole('dialog', { name: 'Manage Models' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Upload New Model' })),
    );

    await user.click(within(row(dialog, 'Sam')).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Model' });
    expect((within(edit).getByLabelText('Name') as HTMLInputElement).value).toBe('Sam');
  });
});
