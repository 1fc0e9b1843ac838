/**
 * Where the request builders report retries and failures. The caller brings its own: the
 * backend's logger (which masks secret-shaped values), or the browser's console.
 */
export interface ProviderLog {
  warn(message: string, attributes: Record<string, unknown>): void;
  error(message: string, attributes: Record<string, unknown>): void;
}

/** Reports nothing: for callers that have nowhere to report to (and tests). */
export const silentLog: ProviderLog = { warn: () => {}, error: () => {} };
