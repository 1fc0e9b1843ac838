import {
  FONT_IDS,
  LAYER_FONT_SIZE,
  MAX_LAYER_TEXT,
  TEXT_FONTS,
  type TextLayer,
} from '@thumbnail-studio/contract';
import { type FontStack, missingCharacters, outlineWidthFor } from '@thumbnail-studio/typeset';
import { AlignCenter, AlignLeft, AlignRight } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/cn';

type Patch = Partial<Omit<TextLayer, 'id' | 'box'>>;

interface LayerFieldsProps {
  layer: TextLayer;
  /** The layer's font once loaded, to name the characters it cannot draw. */
  fonts: FontStack | undefined;
  onChange(patch: Patch): void;
}

const field = 'rounded-lg border border-zinc-700 bg-zinc-950 px-2 py-1.5 text-sm text-zinc-100';
const label = 'flex flex-col gap-1 text-xs font-medium text-zinc-300';
const check = 'flex items-center gap-2 text-sm text-zinc-200';

const ALIGNS = [
  { value: 'left', name: 'Align left', Icon: AlignLeft },
  { value: 'center', name: 'Align centre', Icon: AlignCenter },
  { value: 'right', name: 'Align right', Icon: AlignRight },
] as const;

/** The selected layer's words and style: the keyboard's way to everything the canvas shows. */
export function LayerFields({ layer, fonts, onChange }: LayerFieldsProps) {
  const id = useId();
  const missing = fonts ? missingCharacters(fonts, layer.text) : [];
  const outline = layer.outline;
  return (
    <div className="flex flex-col gap-3">
      <label className={label}>
        Words
        <textarea
          value={layer.text}
          maxLength={MAX_LAYER_TEXT}
          rows={2}
          onChange={(event) => onChange({ text: event.target.value })}
          aria-describedby={`${id}-count`}
          className={cn(field, 'resize-none')}
        />
        <span id={`${id}-count`} className="font-normal text-zinc-400">
          {layer.text.length}/{MAX_LAYER_TEXT} characters
        </span>
      </label>
      {layer.text.trim() === '' && <p className="text-xs text-amber-300">A text layer needs some words.</p>}
      {missing.length > 0 && (
        <p className="text-xs text-amber-300">Not in this font, so it cannot be saved: {missing.join(' ')}</p>
      )}
      <label className={label}>
        Font
        <select
          value={layer.font}
          onChange={(event) => onChange({ font: event.target.value as TextLayer['font'] })}
          className={field}
        >
          {FONT_IDS.map((font) => (
            <option key={font} value={font}>
              {TEXT_FONTS[font]}
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-3">
        <label className={label}>
          Size
          <input
            type="number"
            min={LAYER_FONT_SIZE.min}
            max={LAYER_FONT_SIZE.max}
            value={layer.size}
            onChange={(event) => {
              const size = Number(event.target.value);
              if (size >= LAYER_FONT_SIZE.min && size <= LAYER_FONT_SIZE.max) onChange({ size });
            }}
            className={cn(field, 'w-20')}
          />
        </label>
        <label className={label}>
          Colour
          <input
            type="color"
            value={layer.colour}
            onChange={(event) => onChange({ colour: event.target.value })}
            className="h-9 w-14 rounded border border-zinc-700 bg-zinc-950"
          />
        </label>
      </div>
      <fieldset className="flex flex-col gap-2 rounded-lg border border-zinc-800 p-2">
        <legend className="px-1 text-xs font-medium text-zinc-300">Outline</legend>
        <label className={check}>
          <input
            type="checkbox"
            checked={outline !== null}
            onChange={(event) =>
              onChange({
                outline: event.target.checked
                  ? { colour: '#000000', width: outlineWidthFor(layer.size) }
                  : null,
              })
            }
          />
          Outline
        </label>
        {outline && (
          <div className="flex gap-3">
            <label className={label}>
              Outline colour
              <input
                type="color"
                value={outline.colour}
                onChange={(event) => onChange({ outline: { ...outline, colour: event.target.value } })}
                className="h-9 w-14 rounded border border-zinc-700 bg-zinc-950"
              />
            </label>
            <label className={label}>
              Outline width
              <input
                type="number"
                min={0}
                max={40}
                value={outline.width}
                onChange={(event) => {
                  const width = Number(event.target.value);
                  if (width >= 0 && width <= 40) onChange({ outline: { ...outline, width } });
                }}
                className={cn(field, 'w-20')}
              />
            </label>
          </div>
        )}
      </fieldset>
      <label className={check}>
        <input
          type="checkbox"
          checked={layer.shadow}
          onChange={(event) => onChange({ shadow: event.target.checked })}
        />
        Shadow
      </label>
      <div role="radiogroup" aria-label="Alignment" className="flex gap-1">
        {ALIGNS.map(({ value, name, Icon }) => (
          // biome-ignore lint/a11y/useSemanticElements: three icon toggles read better as buttons than as radio inputs
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={layer.align === value}
            aria-label={name}
            onClick={() => onChange({ align: value })}
            className={cn(
              'rounded-lg p-2 text-zinc-300 hover:bg-zinc-800',
              layer.align === value && 'bg-zinc-700 text-zinc-50',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
          </button>
        ))}
      </div>
    </div>
  );
}
