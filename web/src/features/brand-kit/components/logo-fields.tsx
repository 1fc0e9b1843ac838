import { LOGO_CORNERS, LOGO_SIZE, type LogoCorner } from '@thumbnail-studio/contract';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { type BrandKitDraft, LOGO_TYPES } from '../hooks/use-brand-kit-draft';
import { checkboxClass, labelClass, legendClass } from './field-styles';
import { SelectField } from './select-field';

const CORNER_LABELS: Record<LogoCorner, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  // The duration badge covers that corner in the feed, so the logo sits just above it.
  'bottom-right': 'Bottom right, above the duration',
};

const percent = (share: number) => Math.round(share * 100);

/** The logo: a PNG or WebP image, its corner and size, and whether new thumbnails get it. */
export function LogoFields({ draft }: { draft: BrandKitDraft }) {
  const fileId = useId();
  const sizeId = useId();
  const { logo } = draft;
  return (
    <fieldset>
      <legend className={legendClass}>Logo</legend>
      <div className="flex flex-wrap items-center gap-3">
        {draft.logoUrl && (
          <img
            src={draft.logoUrl}
            // The stored logo's signed URL is read in CORS mode, as every image of the app is.
            crossOrigin="anonymous"
            alt="Your logo"
            className="h-16 max-w-32 rounded-lg border border-zinc-800 bg-[repeating-conic-gradient(#3f3f46_0_25%,#27272a_0_50%)] bg-[length:16px_16px] object-contain"
          />
        )}
        <input
          id={fileId}
          type="file"
          accept={LOGO_TYPES.join(',')}
          className="peer sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) draft.pickLogo(file);
            event.target.value = '';
          }}
        />
        <label
          htmlFor={fileId}
          className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg border border-zinc-700 bg-zinc-900 px-3 text-sm font-medium text-zinc-100 hover:bg-zinc-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-400 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
        >
          <ImageUp aria-hidden="true" className="size-4" />
          {logo ? 'Change logo' : 'Upload logo'}
        </label>
        {logo && (
          <Button variant="ghost" size="sm" onClick={draft.removeLogo}>
            <Trash2 aria-hidden="true" className="size-4" />
            Remove logo
          </Button>
        )}
      </div>
      <p className="mt-1.5 text-xs text-zinc-400">PNG or WebP; a transparent background works best.</p>
      {logo && (
        <div className="mt-3 flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Corner"
              value={logo.corner}
              options={LOGO_CORNERS.map((corner) => ({ value: corner, label: CORNER_LABELS[corner] }))}
              onChange={(corner) => draft.setLogo({ corner })}
            />
            <div className={labelClass}>
              <label htmlFor={sizeId}>Size: {percent(logo.size)}% of the width</label>
              <input
                id={sizeId}
                type="range"
                min={percent(LOGO_SIZE.min)}
                max={percent(LOGO_SIZE.max)}
                value={percent(logo.size)}
                onChange={(event) => draft.setLogo({ size: Number(event.target.value) / 100 })}
                className="h-10 accent-accent-500"
              />
            </div>
          </div>
          <label className="flex items-center gap-2 text-sm text-zinc-300">
            <input
              type="checkbox"
              checked={logo.add_logo}
              onChange={(event) => draft.setLogo({ add_logo: event.target.checked })}
              className={checkboxClass}
            />
            Add the logo to new thumbnails
          </label>
        </div>
      )}
    </fieldset>
  );
}
