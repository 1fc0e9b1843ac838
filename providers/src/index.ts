/**
 * The image providers' request builders, shared by the generation worker and the browser
 * (a creator's own key): prompts, the classifier's instructions, retries and error texts,
 * written once. Nothing here needs Node; what differs by runtime (the logger, settings,
 * the SDK module) is passed in.
 */
export { base64ToBytes, bytesToBase64 } from './base64';
export {
  CLASSIFIER_INSTRUCTIONS,
  classifierHistory,
  classifierText,
  classifyIfEditable,
  classifyRequest,
  normalizeClassification,
} from './classify';
export { PROVIDER_DEFAULTS, PROVIDER_ORIGINS } from './defaults';
export { type Operation, otherErrorText } from './error-texts';
export {
  createGeminiProvider,
  GEMINI_PEOPLE_PHOTOS,
  type GeminiProviderOptions,
  type GenAIModule,
  readImage,
} from './gemini';
export { type ProviderLog, silentLog } from './log';
export {
  acceptsInputFidelity,
  createOpenAIProvider,
  imageSizeFor,
  OPENAI_PEOPLE_PHOTOS,
  type OpenAIModule,
  type OpenAIProviderOptions,
} from './openai';
export { type PeoplePhotos, pickPeoplePhotos } from './people';
export * from './prompts';
export { quotedText, replaceQuotedText } from './quoted-text';
export {
  backoffMs,
  createRetryingFetch,
  type FetchLike,
  isRetryableStatus,
  RETRY_AFTER_LIMIT_MS,
  type RetryPolicy,
  retryAfterMs,
  totalBudgetMs,
} from './retrying-fetch';
export { drawableText, escapeXml, wellFormed } from './safe-text';
export { sleep } from './sleep';
export {
  TITLE_IDEAS_INSTRUCTIONS,
  TITLE_IDEAS_MAX_TOKENS,
  TITLE_IDEAS_TEMPERATURE,
  titleIdeasMessage,
} from './title-ideas';
export type * from './types';
export { makeVariations } from './variations';
