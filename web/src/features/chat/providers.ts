/** Image-generation providers of SPEC section 9; 'gemini' is the default. */
export const imageProviders = [
  { id: 'gemini', label: 'Gemini Nano Banana' },
  { id: 'openai', label: 'OpenAI GPT-Image' },
] as const;

export type ImageProviderId = (typeof imageProviders)[number]['id'];

export const DEFAULT_PROVIDER: ImageProviderId = 'gemini';

export const isImageProviderId = (value: unknown): value is ImageProviderId =>
  imageProviders.some((provider) => provider.id === value);
