import { FONT_IDS, type FontId, TEXT_FONTS } from '@thumbnail-studio/contract';
import type { BrandKitDraft } from '../hooks/use-brand-kit-draft';
import { labelClass, legendClass, selectClass } from './field-styles';

/** The kit's fonts: the first always set, the second optional; each named in its own label. */
export function FontFields({ draft }: { draft: BrandKitDraft }) {
  return (
    <fieldset>
      <legend className={legendClass}>Fonts</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {[0, 1].map((index) => (
          <label key={index} className={labelClass}>
            {index === 0 ? 'Main font' : 'Second font'}
            <select
              value={draft.fonts[index] ?? ''}
              onChange={(event) => draft.setFont(index, (event.target.value || null) as FontId | null)}
              className={selectClass}
            >
              {index > 0 && <option value="">None</option>}
              {FONT_IDS.map((id) => (
                <option key={id} value={id}>
                  {TEXT_FONTS[id]}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
