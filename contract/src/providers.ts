import * as z from 'zod/mini';
import { jobTimingSchema } from './job-timings';

export const providerIdSchema = z.enum(['gemini', 'openai', 'local']);
export type ProviderId = z.infer<typeof providerIdSchema>;

/** Labels of the provider picker; the offline one says what it is. */
export const PROVIDER_LABELS: Record<ProviderId, string> = {
  gemini: 'Gemini Nano Banana',
  openai: 'OpenAI GPT-Image',
  local: 'Offline preview (no AI)',
};

/**
 * A provider the picker offers: its id, label, and how long its recent jobs took (null until it
 * has completed enough of them), for the time left a waiting job shows.
 */
export const providerOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  timing: z.optional(z.nullable(jobTimingSchema)),
});
export type ProviderOption = z.infer<typeof providerOptionSchema>;

/** The providers the backend can use now (those with a key, or the offline one), the default first. */
export const providerListSchema = z.object({
  providers: z.array(providerOptionSchema),
  default: z.optional(z.string()),
});
export type ProviderList = z.infer<typeof providerListSchema>;
