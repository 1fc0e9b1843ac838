import { UNEXPECTED_ERROR_TEXT } from '@thumbnail-studio/contract';
import type { GenerationResult } from './types';

/**
 * Makes `count` variations of one request, one call each, at most `atOnce` calls at a time (all at
 * once by default), each next one started as soon as one ends (every call is given
 * the job's one deadline signal by the caller). A call that throws counts as that variation
 * failing with the general error text; only when every call throws does this throw (the
 * first error), so a job of one image fails exactly as it did before variations.
 * `onThrown` hears of each error swallowed that way.
 */
export async function makeVariations(
  count: number,
  make: (variation: number) => Promise<GenerationResult>,
  onThrown: (variation: number, error: unknown) => void = () => {},
  atOnce = count,
): Promise<GenerationResult[]> {
  const settled: PromiseSettledResult<GenerationResult>[] = [];
  let next = 0;
  const takeTurns = async () => {
    while (next < count) {
      const variation = next++;
      try {
        settled[variation] = { status: 'fulfilled', value: await make(variation) };
      } catch (reason) {
        settled[variation] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(atOnce, count)) }, takeTurns));
  const thrown = settled.filter((result) => result.status === 'rejected');
  if (thrown.length === settled.length) throw thrown[0]?.reason;
  return settled.map((result, variation) => {
    if (result.status === 'fulfilled') return result.value;
    onThrown(variation, result.reason);
    return { type: 'error', content: UNEXPECTED_ERROR_TEXT };
  });
}
