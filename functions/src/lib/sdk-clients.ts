/**
 * Takes the SDK's logger middleware off a client. We give the SDK no logger, yet that middleware
 * still runs every request and answer through the sensitive-data filter to build a log entry
 * nobody reads: measured on a burst of jobs, a tenth of each call's CPU. Every SDK client the
 * functions create goes through here.
 */
export function withoutSdkLogging<C extends { middlewareStack: { remove(name: string): boolean } }>(
  client: C,
): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
