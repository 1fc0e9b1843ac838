import { type BrandKit, putBrandKitBodySchema } from '@thumbnail-studio/contract';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogClose } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-error';
import { useSaveBrandKit } from '../api/save-brand-kit';
import { useBrandKitDraft } from '../hooks/use-brand-kit-draft';
import { ColourSwatches } from './colour-swatches';
import { FontFields } from './font-fields';
import { LogoFields } from './logo-fields';
import { StyleFields } from './style-fields';

/** The kit's fields over the kit as loaded; Save stores them all, Cancel drops the changes. */
export function BrandKitForm({ kit, onSaved }: { kit: BrandKit; onSaved(): void }) {
  const draft = useBrandKitDraft(kit);
  const save = useSaveBrandKit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ kit: draft.body(), logoFile: draft.logoFile ?? undefined }, { onSuccess: onSaved });
  };

  // The contract's own rules, checked before anything is sent; the server's refusal otherwise.
  const invalid = putBrandKitBodySchema.safeParse(draft.body()).error?.issues[0]?.message;
  const error = draft.problem ?? invalid ?? (save.isError ? errorMessage(save.error) : null);

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-5">
      <fieldset disabled={save.isPending} className="flex flex-col gap-5">
        <FontFields draft={draft} />
        <ColourSwatches draft={draft} />
        <StyleFields draft={draft} />
        <LogoFields draft={draft} />
      </fieldset>
      {/* Sticky with the buttons, so a problem shows beside Save however far the form is scrolled. */}
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-wrap items-center justify-end gap-3 border-t border-zinc-800 bg-zinc-900 px-6 py-4">
        {error && (
          <p role="alert" className="mr-auto text-sm text-red-200">
            {error}
          </p>
        )}
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" busy={save.isPending} disabled={Boolean(invalid)}>
          Save
        </Button>
      </div>
    </form>
  );
}
