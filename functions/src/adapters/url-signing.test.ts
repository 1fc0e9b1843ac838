import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getUrlLifetime, MIN_URL_SECONDS, putUrlSeconds, SIGNED_URL_SECONDS } from './url-signing';

const at = (iso: string) => new Date(iso).getTime();

/** When a presigned URL stops working by what it states: its date plus its life. */
const statedEnd = (url: string) => {
  const params = new URL(url).searchParams;
  const date = (params.get('X-Amz-Date') ?? '').replace(
    /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/,
    '$1-$2-$3T$4:$5:$6Z',
  );
  return new Date(new Date(date).getTime() + Number(params.get('X-Amz-Expires')) * 1000);
};
const accessKeyOf = (url: string) => new URL(url).searchParams.get('X-Amz-Credential')?.split('/')[0];

describe('the life of a GET URL', () => {
  it('is dated at the start of the hour and ends with the next hour when the credentials say nothing of their expiry', () => {
    const { signingDate, expiresIn } = getUrlLifetime(at('2026-11-27T10:05:00Z'));
    expect(signingDate.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(expiresIn).toBe(2 * 60 * 60);
  });

  it('ends when its credentials expire, counted from its back-dated start', () => {
    const { signingDate, expiresIn } = getUrlLifetime(
      at('2026-11-27T10:05:00Z'),
      new Date('2026-11-27T10:15:00Z'),
    );
    expect(signingDate.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    // Ten minutes from now is 15 minutes from the date the URL carries.
    expect(expiresIn).toBe(15 * 60);
  });

  it('never states an end past the credentials’ nor before the window’s, wherever in the hour it is signed', () => {
    for (let minute = 0; minute < 60; minute += 7) {
      const now = at('2026-11-27T10:00:00Z') + minute * 60_000;
      for (const left of [10, 45, 90, 180]) {
        const credentialsExpire = new Date(now + left * 60_000);
        const { signingDate, expiresIn } = getUrlLifetime(now, credentialsExpire);
        const end = signingDate.getTime() + expiresIn * 1000;
        expect(end).toBeLessThanOrEqual(credentialsExpire.getTime());
        expect(end).toBe(Math.min(credentialsExpire.getTime(), at('2026-11-27T12:00:00Z')));
      }
    }
  });
});

describe('the life of an upload URL', () => {
  it('is its usual quarter hour, or what its credentials have left if less', () => {
    const now = at('2026-11-27T10:05:00Z');
    expect(putUrlSeconds(now)).toBe(SIGNED_URL_SECONDS);
    expect(putUrlSeconds(now, new Date(now + 60 * 60_000))).toBe(SIGNED_URL_SECONDS);
    expect(putUrlSeconds(now, new Date(now + 10 * 60_000))).toBe(10 * 60);
  });
});

/**
 * STS as the signer role's functions see it: every AssumeRole answers fresh credentials, under a
 * new access key, that expire `sessionMinutes` after the (test's) clock.
 */
let server: Server;
let store: typeof import('./blob-store');
const sts = { calls: 0, sessionMinutes: 60 };
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      sts.calls++;
      const expiration = new Date(Date.now() + sts.sessionMinutes * 60_000).toISOString();
      response.writeHead(200, { 'content-type': 'text/xml' }).end(
        `<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult>
          <Credentials><AccessKeyId>ASIASIGNER${sts.calls}</AccessKeyId><SecretAccessKey>secret</SecretAccessKey>
          <SessionToken>token${sts.calls}</SessionToken><Expiration>${expiration}</Expiration></Credentials>
          <AssumedRoleUser><AssumedRoleId>AROA:image-urls</AssumedRoleId><Arn>arn:aws:sts::1:assumed-role/signer/image-urls</Arn></AssumedRoleUser>
        </AssumeRoleResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></AssumeRoleResponse>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_STS: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    IMAGES_BUCKET: 'images',
    IMAGE_SIGNER_ROLE_ARN: 'arn:aws:iam::1:role/signer',
  });
  store = await import('./blob-store');
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('URLs signed by the signer role', () => {
  afterEach(() => vi.useRealTimers());

  it('end when the role’s credentials expire, ten minutes from now, not two hours after the hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:05:00Z'));
    sts.sessionMinutes = 10;

    const url = await store.signedGetUrl('images/u1/j1/0/preview-480.webp');
    expect(accessKeyOf(url)).toMatch(/^ASIASIGNER/);
    expect(statedEnd(url).toISOString()).toBe('2026-11-27T10:15:00.000Z');
    const upload = await store.signedPutUrl('uploads/u1/a1', 'image/png', 100);
    expect(statedEnd(upload).toISOString()).toBe('2026-11-27T10:15:00.000Z');
  });

  it('come from credentials kept while half an hour is left, and replaced after, so every URL works that long', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    sts.sessionMinutes = 60;
    vi.setSystemTime(new Date('2026-11-27T11:05:00Z'));
    // Several images of one answer are signed at once: one request to STS serves them all.
    const before = sts.calls;
    const first = await Promise.all(
      ['a', 'b', 'c'].map((name) => store.signedGetUrl(`images/u1/j1/0/${name}.webp`)),
    );
    expect(sts.calls - before).toBe(1);
    expect(statedEnd(first[0] as string).toISOString()).toBe('2026-11-27T12:05:00.000Z');

    vi.setSystemTime(new Date('2026-11-27T11:35:00Z'));
    const kept = await store.signedGetUrl('images/u1/j1/0/a.webp');
    expect(kept).toBe(first[0]);
    expect(sts.calls - before).toBe(1);

    vi.setSystemTime(new Date('2026-11-27T11:35:01Z'));
    const renewed = await store.signedGetUrl('images/u1/j1/0/a.webp');
    expect(sts.calls - before).toBe(2);
    expect(accessKeyOf(renewed)).not.toBe(accessKeyOf(kept));
    expect(statedEnd(renewed).toISOString()).toBe('2026-11-27T12:35:01.000Z');
    expect(statedEnd(renewed).getTime() - Date.now()).toBeGreaterThanOrEqual(MIN_URL_SECONDS * 1000);
  });
});
