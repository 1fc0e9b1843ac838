import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { checkoutReturnPaths } from '@thumbnail-studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServerOptions, createApiServer } from './server';

const repo = path.resolve(import.meta.dirname, '../..');
const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
const script = 'assets/index-abc123.js';
const source = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;

let server: Server;
let base: string;

/** GETs a path with the raw bytes back (fetch would decode the body and hide the encoding). */
function get(pathname: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(`${base}${pathname}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, script), source);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  // The build's own step writes the .br and .gz copies.
  execFileSync(process.execPath, [path.join(repo, 'web/scripts/compress.mjs'), dist]);
  const runtime = { config: {} } as NonNullable<ApiServerOptions['runtime']>;
  server = createApiServer({ webDist: dist, securityHeaders: {}, runtime });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

describe('the local cloud serves the web build precompressed', () => {
  it('answers brotli for a script when the browser accepts it, bytes that decompress to the file', async () => {
    const { status, headers, body } = await get(`/${script}`, 'gzip, deflate, br');
    expect(status).toBe(200);
    expect(headers['content-encoding']).toBe('br');
    expect(headers['content-type']).toContain('javascript');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(body.length).toBeLessThan(source.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(readFileSync(path.join(dist, script), 'utf8'));
  });

  it('answers gzip to a browser without brotli, and the file as it is to one that accepts neither', async () => {
    const gzipped = await get(`/${script}`, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(source);

    const plain = await get(`/${script}`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(source);
  });

  it('compresses the page a client-side route falls back to', async () => {
    const { headers, body } = await get(checkoutReturnPaths.success, 'br');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['cache-control']).toBeUndefined();
    expect(brotliDecompressSync(body).toString()).toContain('<div id="root">');
  });
});
