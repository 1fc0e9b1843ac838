import { MAX_KIT_COLOURS } from '@thumbnail-studio/contract';
import { Plus, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { BrandKitDraft } from '../hooks/use-brand-kit-draft';
import { colourClass, legendClass } from './field-styles';

/** The kit's colours: native colour pickers, up to five, each removable. */
export function ColourSwatches({ draft }: { draft: BrandKitDraft }) {
  return (
    <fieldset>
      <legend className={legendClass}>Colours</legend>
      <ul aria-label="Colours" className="flex flex-wrap items-center gap-2">
        {draft.colours.map((colour, index) => (
          // Swatches have no identity beyond their place in the list.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="flex items-center gap-0.5">
            <input
              type="color"
              aria-label={`Colour ${index + 1}`}
              value={colour}
              onChange={(event) => draft.setColour(index, event.target.value)}
              className={colourClass}
            />
            <Button
              variant="ghost"
              size="sm"
              className="px-1.5"
              aria-label={`Remove colour ${index + 1}`}
              onClick={() => draft.removeColour(index)}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
        {draft.colours.length < MAX_KIT_COLOURS && (
          <li>
            <Button variant="secondary" size="sm" onClick={draft.addColour}>
              <Plus aria-hidden="true" className="size-4" />
              Add colour
            </Button>
          </li>
        )}
      </ul>
    </fieldset>
  );
}
