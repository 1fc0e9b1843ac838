import * as z from 'zod/mini';

/**
 * Machine-readable error codes, each with the HTTP status it is answered with.
 * Every error answer is `{ error, code }`: the sentence a person reads and one
 * of these; clients branch on the code, never on the status.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  not_found: 404,
  /** The thing changed under the request (other edits won every retry): reading it again and retrying may work. */
  conflict: 409,
  payload_too_large: 413,
  /** Too many requests of one kind from one account, or at the stage's throttle; `Retry-After` says when. */
  rate_limited: 429,
  internal: 500,
  upstream_unavailable: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

// Marked pure so a bundle that takes only the codes and texts from here (every Lambda does)
// leaves out zod with the unused schemas.
export const errorCodeSchema = /* @__PURE__ */ z.enum(
  Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]],
);

export const errorBodySchema = /* @__PURE__ */ z.object({
  error: /* @__PURE__ */ z.string(),
  code: errorCodeSchema,
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The code of an answer that carries none: the gateway in front of the
 * functions answers some requests itself (`{"message":"Unauthorized"}` from
 * the JWT authorizer, 413 for a body over its limit).
 */
export function codeForStatus(status: number): ErrorCode {
  const known = Object.entries(ERROR_STATUS).find(([, value]) => value === status);
  if (known) return known[0] as ErrorCode;
  return status >= 500 ? 'internal' : 'bad_request';
}
