// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, MODEL_TEXTS } from '@thumbnail-studio/contract';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { answer, gate, refusal, server, withFakeApi } from '../../../test/fake-api';
import { personModel } from '../../../test/fixtures';
import { withSignedInUser } from '../../../test/session';
import { PHOTOS_TOO_LARGE_TEXT } from '../utils/failure-text';
import { UploadModelDialog } from './upload-model-dialog';

withFakeApi();
withSignedInUser();

// The test browser cannot decode images, so photos are sent as picked (compression falls back).
beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const photo = (name: string) => new File([`bytes of ${name}`], name, { type: 'image/png' });
const dataUrl = (name: string) => `data:image/png;base64,${btoa(`bytes of ${name}`)}`;

/** The open dialog; the upload's answer waits for `answered`. */
function renderDialog(reply: () => Response | { model: ReturnType<typeof personModel> }) {
  const answered = gate();
  const bodies: { name: string; images: string[] }[] = [];
  server.use(
    answer(endpoints.uploadModel, async ({ request }) => {
      bodies.push((await request.json()) as { name: string; images: string[] });
      await answered.opened;
      return reply();
    }),
  );
  const onOpenChange = vi.fn();
  const onUploaded = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UploadModelDialog open onOpenChange={onOpenChange} onUploaded={onUploaded} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Upload New Model' });
  return { dialog, answered, bodies, onOpenChange, onUploaded };
}

const uploadButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement;

async function addPhotos(dialog: HTMLElement, ...files: File[]) {
  await userEvent.upload(within(dialog).getByLabelText('Add photos'), files);
}

describe('UploadModelDialog', () => {
  it('asks for a name and at least one image', async () => {
    const { dialog, bodies } = renderDialog(() => ({ model: personModel('m1') }));
    fireEvent.click(uploadButton(dialog));
    expect(within(dialog).getByRole('alert').textContent).toBe(MODEL_TEXTS.nameAndImageRequired);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
    await addPhotos(dialog, photo('a.png'));
    fireEvent.click(uploadButton(dialog));
    expect(within(dialog).getByRole('alert').textContent).toBe('Name and at least one image are required');

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Alex' } });
    fireEvent.click(
      within(within(dialog).getByRole('listitem', { name: 'Photo 1' })).getByRole('button', {
        name: 'Remove photo',
      }),
    );
    fireEvent.click(uploadButton(dialog));
    expect(within(dialog).getByRole('alert').textContent).toBe(MODEL_TEXTS.nameAndImageRequired);
    expect(bodies).toEqual([]);
  });

  it('shows previews, marks the first Primary, and sends the chosen primary first as data URLs', async () => {
    const { dialog, answered, bodies, onOpenChange, onUploaded } = renderDialog(() => ({
      model: personModel('alex', { name: 'Alex' }),
    }));
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Alex' } });
    await addPhotos(dialog, photo('a.png'), photo('b.png'), photo('c.png'));

    const tiles = within(within(dialog).getByRole('list', { name: 'Photos' })).getAllByRole('listitem');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual(['Photo 1', 'Photo 2', 'Photo 3']);
    expect(within(tiles[0] as HTMLElement).getByText('Primary')).toBeTruthy();
    const setFirst = within(tiles[0] as HTMLElement).getByRole('button', { name: 'Set as primary' });
    expect((setFirst as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(tiles[2] as HTMLElement).getByRole('button', { name: 'Set as primary' }));
    expect(within(tiles[2] as HTMLElement).getByText('Primary')).toBeTruthy();
    expect(within(tiles[0] as HTMLElement).queryByText('Primary')).toBeNull();

    fireEvent.click(uploadButton(dialog));
    const busy = uploadButton(dialog);
    await waitFor(() => expect(busy.getAttribute('aria-busy')).toBe('true'));
    expect(busy.disabled).toBe(true);
    fireEvent.click(busy);
    fireEvent.submit(busy.closest('form') as HTMLFormElement);
    await waitFor(() => expect(bodies).toHaveLength(1));

    await act(async () => answered.open());
    await waitFor(() => expect(onUploaded).toHaveBeenCalledOnce());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(bodies).toEqual([
      { name: 'Alex', images: [dataUrl('c.png'), dataUrl('a.png'), dataUrl('b.png')] },
    ]);
  });

  it('takes at most 20 photos', async () => {
    const { dialog } = renderDialog(() => ({ model: personModel('m1') }));
    await addPhotos(dialog, ...Array.from({ length: 22 }, (_, index) => photo(`p${index}.png`)));
    expect(
      within(within(dialog).getByRole('list', { name: 'Photos' })).getAllByRole('listitem'),
    ).toHaveLength(20);
    expect(within(dialog).getByRole('alert').textContent).toBe(MODEL_TEXTS.tooManyImages);
  });

  it("shows the server's error, or the default text, and lets the user try again", async () => {
    let failures = 0;
    const { dialog, answered, bodies } = renderDialog(() => {
      failures += 1;
      return failures === 1
        ? refusal('bad_request', 'A name has at most 100 characters')
        : HttpResponse.json({ code: 'internal' }, { status: 500 });
    });
    await act(async () => answered.open());
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Alex' } });
    await addPhotos(dialog, photo('a.png'));
    fireEvent.click(uploadButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A name has at most 100 characters');
    await waitFor(() => expect(uploadButton(dialog).disabled).toBe(false));

    fireEvent.click(uploadButton(dialog));
    await waitFor(() => expect(bodies).toHaveLength(2));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(MODEL_TEXTS.uploadFailed));
  });

  it('says clearly when the request was too large for the API', async () => {
    const { dialog, answered } = renderDialog(
      () => new HttpResponse(JSON.stringify({ message: 'Request Entity Too Large' }), { status: 413 }),
    );
    await act(async () => answered.open());
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Alex' } });
    await addPhotos(dialog, photo('a.png'));
    fireEvent.click(uploadButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PHOTOS_TOO_LARGE_TEXT);
  });
});
