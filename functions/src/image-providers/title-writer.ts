import type { TitleRequest } from '@thumbnail-studio/providers';
import { logger } from '../lib/logger';
import { availableProviders } from './catalog';
import { createKeyedProvider } from './keyed';
import type { ProviderSecrets } from './settings';

/**
 * How long the text model may take. The title ideas' request waits for it after the video's title,
 * all within the messages function's 10 s; a late answer is left for the template writer.
 */
export const TITLE_MODEL_TIMEOUT_MS = 6_000;

export interface TitleWriterOptions {
  secrets: ProviderSecrets;
  /** Whether the offline provider is offered when no key is set. */
  offlineAllowed: boolean;
  /** The provider settings (base URLs, models); the process's environment by default. */
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}

/**
 * Title ideas from a text model, as it answered them (one a line, to be cleaned): the classifier's
 * model of the provider `wanted` when it is offered, else of the default one. Undefined where
 * there is none (the offline provider's writer is the template writer the ideas are filled from
 * anyway) or the model failed or was too slow (logged).
 */
export async function writeWithTextModel(
  request: TitleRequest,
  wanted: string | undefined,
  { secrets, offlineAllowed, env = process.env, timeoutMs = TITLE_MODEL_TIMEOUT_MS }: TitleWriterOptions,
): Promise<string | undefined> {
  const offered = availableProviders(secrets, offlineAllowed);
  const id = offered.find((provider) => provider === wanted) ?? offered[0];
  if (id !== 'openai' && id !== 'gemini') return undefined;
  try {
    const provider = await createKeyedProvider(id, secrets, env);
    return await provider.writeTitles(request, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    logger.warn('title ideas: the text model failed; the template writer answers', { provider: id, error });
    return undefined;
  }
}
