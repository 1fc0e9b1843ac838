import { DEFAULT_BRAND_KIT } from '@thumbnail-studio/contract';
import type { BrandKitDraft } from '../hooks/use-brand-kit-draft';
import { checkboxClass, colourClass, labelClass, legendClass } from './field-styles';
import { fontOptions, SelectField } from './select-field';

/** An outline turned on starts as the default kit's: black, at its width. */
const NEW_OUTLINE = DEFAULT_BRAND_KIT.style.outline ?? { colour: '#000000', width: 12 };

/** How new text looks: one of the kit's fonts, its colour, an outline and a shadow. */
export function StyleFields({ draft }: { draft: BrandKitDraft }) {
  const { style, setStyle } = draft;
  return (
    <fieldset>
      <legend className={legendClass}>Default text style</legend>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Font"
          value={style.font}
          options={fontOptions(draft.fonts)}
          onChange={(font) => setStyle({ font })}
          className="min-w-40 flex-1"
        />
        <label className={labelClass}>
          Text colour
          <input
            type="color"
            value={style.colour}
            onChange={(event) => setStyle({ colour: event.target.value })}
            className={colourClass}
          />
        </label>
        {style.outline && (
          <label className={labelClass}>
            Outline colour
            <input
              type="color"
              value={style.outline.colour}
              onChange={(event) =>
                setStyle({ outline: { ...NEW_OUTLINE, ...style.outline, colour: event.target.value } })
              }
              className={colourClass}
            />
          </label>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-4 text-sm text-zinc-300">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={style.outline !== null}
            onChange={(event) => setStyle({ outline: event.target.checked ? NEW_OUTLINE : null })}
            className={checkboxClass}
          />
          Outline
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={style.shadow}
            onChange={(event) => setStyle({ shadow: event.target.checked })}
            className={checkboxClass}
          />
          Shadow
        </label>
      </div>
    </fieldset>
  );
}
