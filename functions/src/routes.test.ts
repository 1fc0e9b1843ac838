import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { endpointPath, endpoints } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { routeKey, routes } from './routes';

const webSource = path.resolve(import.meta.dirname, '../../web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Whether a concrete path (or one with `${...}` holes) is one of the route table's paths. */
const served = (written: string) =>
  routes.some((route) => {
    const pattern = route.path.replace(/\{\w+\}/g, '[^/]+').replace(/\$/g, '\\$');
    return new RegExp(`^${pattern}$`).test(written.replace(/\$\{[^}]*\}/g, 'x'));
  });

describe('the API contract', () => {
  it('is served by the route table: every endpoint exactly once, and no route outside it', () => {
    const contractKeys = Object.values(endpoints).map(routeKey).sort();
    const routeKeys = routes.map(routeKey).sort();
    expect(routeKeys).toEqual(contractKeys);
    expect(new Set(routeKeys).size).toBe(routeKeys.length);
  });

  it('fills path parameters, encoded', () => {
    expect(endpointPath(endpoints.getMessage, { id: 'a/b c' })).toBe('/api/messages/a%2Fb%20c');
    expect(served(endpointPath(endpoints.listMessages, { id: '01J' }))).toBe(true);
    expect(served('/api/verify-session/cs_test_1')).toBe(true);
    expect(served('/api/verify-sessions/cs_test_1')).toBe(false);
  });

  it('is the only way the web app names an API path', () => {
    const written = sourceFiles(webSource).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"`](\/api\/[^'"`\s]*)/g)].map((match) => ({
        file: path.relative(webSource, file),
        path: match[1] ?? '',
      })),
    );
    // A path written by hand may drift from the backend; one the backend lacks is a broken call.
    expect(written.filter((call) => !served(call.path))).toEqual([]);
    expect(written).toEqual([]);
  });
});
