// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_BRAND_KIT, endpoints, type PutBrandKitBody } from '@thumbnail-studio/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { answer, refusal, server, withFakeApi } from '../../../test/fake-api';
import { LOGO_TYPE_TEXT } from '../hooks/use-brand-kit-draft';
import { BrandKitDialog } from './brand-kit-dialog';

withFakeApi();

const STORAGE = 'http://storage.test';

/** The open dialog over the default kit; saves answer `reply` and are kept in `bodies`. */
async function renderDialog(reply: (body: PutBrandKitBody) => Response | object = (body) => body) {
  const bodies: PutBrandKitBody[] = [];
  const stored: string[] = [];
  server.use(
    answer(endpoints.getBrandKit, () => DEFAULT_BRAND_KIT),
    answer(endpoints.putBrandKit, async ({ request }) => {
      const body = (await request.json()) as PutBrandKitBody;
      bodies.push(body);
      return reply(body) as Response;
    }),
    answer(endpoints.createUpload, () => ({
      key: 'uploads/u1/logo',
      upload_url: `${STORAGE}/put`,
      headers: {},
    })),
    http.put(`${STORAGE}/put`, async ({ request }) => {
      stored.push(await request.text());
      return new HttpResponse(null, { status: 200 });
    }),
  );
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BrandKitDialog open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Brand kit' });
  await within(dialog).findByLabelText('Main font');
  return { dialog, bodies, stored, onOpenChange };
}

const pick = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('BrandKitDialog', () => {
  it('saves the fonts, colours, style and a new logo, uploaded first', async () => {
    const { dialog, bodies, stored, onOpenChange } = await renderDialog((body) => ({
      ...body,
      logo: body.logo && { ...body.logo, url: `${STORAGE}/logo.png`, width: 100, height: 50 },
    }));
    pick(dialog, 'Second font', 'oi');
    pick(dialog, 'Font', 'oi');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove colour 3' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add colour' }));
    pick(dialog, 'Colour 3', '#112233');
    fireEvent.click(within(dialog).getByLabelText('Shadow'));
    await userEvent.upload(
      within(dialog).getByLabelText('Upload logo'),
      new File(['logo bytes'], 'logo.png', { type: 'image/png' }),
    );
    pick(dialog, 'Corner', 'bottom-right');
    fireEvent.click(within(dialog).getByLabelText('Add the logo to new thumbnails'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(stored).toEqual(['logo bytes']);
    expect(bodies).toEqual([
      {
        fonts: ['fira-sans-extra-condensed', 'oi'],
        colours: ['#ffffff', '#ffd60a', '#112233'],
        style: { ...DEFAULT_BRAND_KIT.style, font: 'oi', shadow: false },
        logo: { corner: 'bottom-right', size: 0.12, add_logo: false, upload: 'uploads/u1/logo' },
      },
    ]);
  });

  it('keeps the style to the kit fonts when a font is taken out', async () => {
    const { dialog, bodies } = await renderDialog();
    pick(dialog, 'Second font', 'oi');
    pick(dialog, 'Font', 'oi');
    pick(dialog, 'Second font', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      fonts: ['fira-sans-extra-condensed'],
      style: { font: 'fira-sans-extra-condensed' },
    });
  });

  it('shows a refusal in the dialog and stays open', async () => {
    const { dialog, onOpenChange } = await renderDialog(() =>
      refusal('bad_request', 'A brand kit holds at most 2 fonts'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A brand kit holds at most 2 fonts');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('takes only a PNG or WebP logo', async () => {
    const { dialog } = await renderDialog();
    const input = within(dialog).getByLabelText('Upload logo');
    fireEvent.change(input, { target: { files: [new File(['x'], 'logo.jpg', { type: 'image/jpeg' })] } });
    expect(within(dialog).getByRole('alert').textContent).toBe(LOGO_TYPE_TEXT);
    expect(within(dialog).queryByLabelText('Corner')).toBeNull();
  });
});
