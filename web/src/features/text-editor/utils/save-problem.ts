import { type FontId, TEXT_FONTS, type TextLayer, textLayersSchema } from '@thumbnail-studio/contract';
import { type FontStack, missingCharacters } from '@thumbnail-studio/typeset';

/**
 * Why the server would refuse these layers, in its own words where the contract has them; null
 * when they can be saved. Characters are checked against the fonts already loaded.
 */
export function saveProblem(
  layers: readonly TextLayer[],
  fonts: ReadonlyMap<FontId, FontStack>,
): string | null {
  const parsed = textLayersSchema.safeParse(layers);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'These layers cannot be saved.';
  for (const layer of layers) {
    const stack = fonts.get(layer.font);
    const missing = stack ? missingCharacters(stack, layer.text) : [];
    if (missing.length > 0) return `${TEXT_FONTS[layer.font]} cannot draw ${missing.join(' ')}`;
  }
  return null;
}
