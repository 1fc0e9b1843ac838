import * as z from 'zod/mini';

const nonEmpty = () => z.string().check(z.minLength(1));

/**
 * `/config.json`, what the web app reads at start: CDK writes it for each
 * stage and the local cloud serves its own, so one web build serves every stage.
 */
export const runtimeConfigSchema = z.object({
  stage: nonEmpty(),
  region: nonEmpty(),
  userPoolId: nonEmpty(),
  userPoolClientId: nonEmpty(),
  /** Only where Cognito answers somewhere else than AWS (the local cloud's proxy). */
  cognitoEndpoint: z.optional(z.url()),
  /** SRP in AWS; the local Cognito stand-in only speaks USER_PASSWORD_AUTH. */
  authFlow: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']),
  /** Prefix of every API path; empty when the app and its API share an origin. */
  apiBase: z.string(),
  /**
   * Where the browser calls each provider with a creator's own key, when not at the provider's
   * own API (the local cloud's configured base URLs, e.g. fake providers in tests).
   */
  providerBaseUrls: z.optional(z.object({ openai: z.optional(z.url()), gemini: z.optional(z.url()) })),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
