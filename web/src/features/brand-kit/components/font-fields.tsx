import { FONT_IDS, type FontId } from '@thumbnail-studio/contract';
import type { BrandKitDraft } from '../hooks/use-brand-kit-draft';
import { legendClass } from './field-styles';
import { fontOptions, SelectField } from './select-field';

const NO_FONT = { value: '', label: 'None' } as const;

/** The kit's fonts: the first always set, the second optional. */
export function FontFields({ draft }: { draft: BrandKitDraft }) {
  return (
    <fieldset>
      <legend className={legendClass}>Fonts</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Main font"
          value={draft.fonts[0] ?? FONT_IDS[0]}
          options={fontOptions(FONT_IDS)}
          onChange={(font) => draft.setFont(0, font)}
        />
        <SelectField<FontId | ''>
          label="Second font"
          value={draft.fonts[1] ?? ''}
          options={[NO_FONT, ...fontOptions(FONT_IDS)]}
          onChange={(font) => draft.setFont(1, font || null)}
        />
      </div>
    </fieldset>
  );
}
