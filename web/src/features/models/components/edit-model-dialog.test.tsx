// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, MODEL_TEXTS, type PersonModel } from '@thumbnail-studio/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { answer, gate, refusal, server, withFakeApi } from '../../../test/fake-api';
import { personModel } from '../../../test/fixtures';
import { withSignedInUser } from '../../../test/session';
import { EditModelDialog } from './edit-model-dialog';

withFakeApi();
withSignedInUser();

afterEach(() => vi.restoreAllMocks());

/** The Edit Model dialog of `model`, over a list the server answers with the latest `stored`. */
function renderEdit(model: PersonModel) {
  const state = { stored: model };
  server.use(answer(endpoints.listModels, () => ({ models: [state.stored] })));
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EditModelDialog modelId={model.id} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { state, onClose, dialog: screen.getByRole('dialog', { name: 'Edit Model' }) };
}

const tile = (dialog: HTMLElement, n: number) =>
  within(within(dialog).getByRole('list', { name: 'Photos' })).getByRole('listitem', { name: `Photo ${n}` });
const button = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('button', { name }) as HTMLButtonElement;

describe('Edit Model', () => {
  it('renames the model; Save name needs a changed, non-empty name', async () => {
    const user = userEvent.setup();
    const alex = personModel('alex', { name: 'Alex' });
    const answered = gate();
    const bodies: unknown[] = [];
    const { state, dialog } = renderEdit(alex);
    server.use(
      answer(endpoints.updateModel, async ({ request }) => {
        bodies.push(await request.json());
        await answered.opened;
        state.stored = { ...alex, name: 'Alexandra' };
        return { model: state.stored };
      }),
    );
    const name = (await within(dialog).findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('Alex');
    expect(button(dialog, 'Save name').disabled).toBe(true);
    await user.clear(name);
    expect(button(dialog, 'Save name').disabled).toBe(true);
    await user.type(name, ' Alexandra ');
    await user.click(button(dialog, 'Save name'));
    expect(button(dialog, 'Save name').getAttribute('aria-busy')).toBe('true');
    await act(async () => answered.open());
    expect((await within(dialog).findByRole('status')).textContent).toBe('Name saved.');
    expect(bodies).toEqual([{ modelId: 'alex', name: 'Alexandra' }]);
  });

  it("says 'Failed to update name' when renaming fails", async () => {
    const user = userEvent.setup();
    const { dialog } = renderEdit(personModel('alex', { name: 'Alex' }));
    server.use(answer(endpoints.updateModel, () => refusal('internal', 'Database down')));
    const name = await within(dialog).findByLabelText('Name');
    await user.type(name, 'x');
    await user.click(button(dialog, 'Save name'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MODEL_TEXTS.updateNameFailed);
  });

  it('sets another photo as primary; the primary cannot be set again', async () => {
    const user = userEvent.setup();
    const alex = personModel('alex', { name: 'Alex' }, 3);
    const bodies: unknown[] = [];
    const { state, dialog } = renderEdit(alex);
    server.use(
      answer(endpoints.setPrimaryModelImage, async ({ request }) => {
        const body = (await request.json()) as { imageId: string };
        bodies.push(body);
        state.stored = {
          ...alex,
          images: alex.images.map((image) => ({ ...image, is_primary: image.id === body.imageId })),
        };
        return { model: state.stored };
      }),
    );
    await within(dialog).findByRole('list', { name: 'Photos' });
    expect(within(tile(dialog, 1)).getByText('Primary')).toBeTruthy();
    expect(button(tile(dialog, 1), 'Set as primary').disabled).toBe(true);
    expect(button(tile(dialog, 2), 'Set as primary').disabled).toBe(false);

    await user.click(button(tile(dialog, 3), 'Set as primary'));
    await waitFor(() => expect(button(tile(dialog, 3), 'Set as primary').disabled).toBe(true));
    expect(within(tile(dialog, 3)).getByText('Primary')).toBeTruthy();
    expect(within(tile(dialog, 1)).queryByText('Primary')).toBeNull();
    await waitFor(() => expect(button(tile(dialog, 1), 'Set as primary').disabled).toBe(false));
    expect(bodies).toEqual([{ modelId: 'alex', imageId: 'alex-img-3' }]);
  });

  it("says 'Failed to set primary image' when that fails", async () => {
    const user = userEvent.setup();
    const { dialog } = renderEdit(personModel('alex', {}, 2));
    server.use(answer(endpoints.setPrimaryModelImage, () => refusal('not_found', MODEL_TEXTS.imageNotFound)));
    await within(dialog).findByRole('list', { name: 'Photos' });
    await user.click(button(tile(dialog, 2), 'Set as primary'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MODEL_TEXTS.setPrimaryFailed);
  });

  it('deletes a photo after confirming; the last photo cannot be deleted', async () => {
    const user = userEvent.setup();
    const alex = personModel('alex', { name: 'Alex' }, 2);
    const bodies: unknown[] = [];
    const { state, dialog } = renderEdit(alex);
    server.use(
      answer(endpoints.deleteModelImage, async ({ request }) => {
        const body = (await request.json()) as { imageId: string };
        bodies.push(body);
        state.stored = { ...alex, images: alex.images.filter((image) => image.id !== body.imageId) };
        return { model: state.stored };
      }),
    );
    await within(dialog).findByRole('list', { name: 'Photos' });
    expect(button(tile(dialog, 2), 'Delete image').disabled).toBe(false);

    await user.click(button(tile(dialog, 2), 'Delete image'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete image' });
    expect(within(confirm).getByText('Are you sure you want to delete this image?')).toBeTruthy();
    await user.click(button(confirm, 'Delete'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('list', { name: 'Photos' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(button(tile(dialog, 1), 'Delete image').disabled).toBe(true);
    expect(bodies).toEqual([{ modelId: 'alex', imageId: 'alex-img-2' }]);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Photos' })),
    );
  });

  it("says 'Failed to delete image' in the confirmation when deleting fails", async () => {
    const user = userEvent.setup();
    const { dialog } = renderEdit(personModel('alex', {}, 2));
    server.use(answer(endpoints.deleteModelImage, () => refusal('bad_request', MODEL_TEXTS.lastImage)));
    await within(dialog).findByRole('list', { name: 'Photos' });
    await user.click(button(tile(dialog, 1), 'Delete image'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete image' });
    await user.click(button(confirm, 'Delete'));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(MODEL_TEXTS.deleteImageFailed);
  });

  it('adds photos, and says so when adding fails or would pass 20 photos', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const alex = personModel('alex', { name: 'Alex' }, 18);
    const bodies: { modelId: string; images: string[] }[] = [];
    let fail = false;
    const { state, dialog } = renderEdit(alex);
    server.use(
      answer(endpoints.addModelImages, async ({ request }) => {
        bodies.push((await request.json()) as { modelId: string; images: string[] });
        if (fail) return refusal('internal', 'Storage down');
        state.stored = personModel('alex', { name: 'Alex' }, 19);
        return { model: state.stored };
      }),
    );
    const photo = (name: string) => new File([name], name, { type: 'image/png' });
    await within(dialog).findByRole('list', { name: 'Photos' });
    const input = within(dialog).getByLabelText('Add photos');

    await user.upload(input, [photo('a.png'), photo('b.png'), photo('c.png')]);
    expect(within(dialog).getByRole('alert').textContent).toBe(MODEL_TEXTS.tooManyImages);
    expect(bodies).toEqual([]);

    await user.upload(input, [photo('a.png')]);
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('list', { name: 'Photos' })).getAllByRole('listitem'),
      ).toHaveLength(19),
    );
    expect(bodies).toEqual([{ modelId: 'alex', images: [`data:image/png;base64,${btoa('a.png')}`] }]);

    fail = true;
    await user.upload(input, [photo('b.png')]);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MODEL_TEXTS.addImagesFailed);
  });
});
