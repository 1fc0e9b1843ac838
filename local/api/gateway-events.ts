import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { type Route, routeKey, routes } from '../../functions/src/routes';

/** Finds the route of the table that serves a request, with its path parameters. */
export function matchRoute(
  method: string,
  pathname: string,
): { route: Route; params: Record<string, string> } | undefined {
  for (const route of routes as readonly Route[]) {
    if (route.method !== method) continue;
    const names: string[] = [];
    const pattern = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const found = new RegExp(`^${pattern}$`).exec(pathname);
    if (found) {
      const params = Object.fromEntries(
        names.map((name, i) => [name, decodePathSegment(found[i + 1] ?? '')]),
      );
      return { route, params };
    }
  }
  return undefined;
}

/** A path segment as API Gateway passes it on: decoded, or as sent when its encoding is broken. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** An API Gateway HTTP API (payload 2.0) event, as the JWT authorizer would pass it on. */
export function toApiGatewayEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  match: { route: Route; params: Record<string, string> },
  claims: Record<string, unknown> | undefined,
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const isText = /json|text|x-www-form-urlencoded/.test(headers['content-type'] ?? 'application/json');
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: routeKey(match.route),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
    pathParameters: Object.keys(match.params).length ? match.params : undefined,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: url.host,
      domainPrefix: 'local',
      http: {
        method: match.route.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(match.route),
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims: stringClaims(claims), scopes: [] },
      },
    },
  };
}

/** HTTP API hands claims to the function as strings. */
function stringClaims(claims: Record<string, unknown> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(claims ?? {}).map(([name, value]) => [name, String(value)]));
}
