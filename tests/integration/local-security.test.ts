import { readdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  GetBucketCorsCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { PROVIDER_ORIGINS } from '@thumbnail-studio/providers/defaults';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { securityHeaderValues } from '../../infra/src/security-headers';
import { latestCodeFor } from '../../local/cognito/outbox';
import { signingKeyFile } from '../../local/cognito/signing-key';
import { LOCAL_BUCKET, S3RVER_CREDENTIALS } from '../../local/storage/s3';
import { callAs } from '../support/api';
import { uploadImage } from '../support/jobs';
import { decodePayload, signWithPublishedKey } from '../support/tokens';
import { signUpUser, type TestUser } from '../support/users';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const runtime = inject('runtime');
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

/** This machine's addresses on real networks (what a neighbour in the café could reach). */
const networkAddresses = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter((i) => i && !i.internal && !i.address.startsWith('fe80'))
    .map((i) => i?.address ?? '');

/** The command line of the running process that matches, read from /proc. */
function commandLine(matches: (args: string[]) => boolean): string[] | undefined {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (matches(args)) return args;
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

interface CognitoAnswer {
  __type?: string;
  message?: string;
  CodeDeliveryDetails?: Record<string, string>;
}

/** A raw call through the app's /cognito path, as the browser makes it. */
async function cognitoCall(operation: string, input: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify({ ClientId: runtime.clientId, ...input }),
  });
  return { status: response.status, body: (await response.json()) as CognitoAnswer };
}

describe('the local cloud on a shared network', () => {
  it('listens on loopback only: the app, cognito-local, the storage, DynamoDB Local and the Stripe stand-in', async () => {
    const services = [baseUrl, runtime.cognitoEndpoint, runtime.s3Endpoint, runtime.dynamodbEndpoint];
    const ports = [...services, runtime.stripeUrl ?? ''].map((url) => Number(new URL(url).port));
    expect(networkAddresses().length).toBeGreaterThan(0);
    for (const port of ports) {
      expect(await connects('127.0.0.1', port), `127.0.0.1:${port}`).toBe(true);
      for (const address of networkAddresses()) {
        expect(await connects(address, port), `${address}:${port}`).toBe(false);
      }
    }
  });

  it('runs DynamoDB Local without telemetry, and lets no other web page call it', async () => {
    const args = commandLine((a) => a.includes(path.join(dataDir, 'dynamodb')) && a.includes('-dbPath'));
    expect(args).toContain('-disableTelemetry');
    const preflight = await fetch(runtime.dynamodbEndpoint, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    const allowed = preflight.headers.get('access-control-allow-origin');
    expect(allowed === '*' || allowed === 'http://evil.example', `allowed: ${allowed}`).toBe(false);
  });
});

describe('tokens the local cloud accepts', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUpUser(baseUrl, dataDir, runtime.clientId, 'tokens');
  });

  it('are signed with a key made for this install, published at the issuer', async () => {
    expect((await callAs(baseUrl, user.accessToken)('getCredits')).status).toBe(200);
    const issuer = String(decodePayload(user.accessToken).iss);
    expect(issuer).toBe(`${baseUrl}/cognito/${runtime.userPoolId}`);
    const jwks = (await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    const header = JSON.parse(Buffer.from(user.accessToken.split('.')[0] ?? '', 'base64url').toString());
    expect(jwks.keys.map((key) => key.kid)).toEqual([header.kid]);
    expect(header.kid).not.toBe('CognitoLocal');
    expect(statSync(signingKeyFile(dataDir)).mode & 0o777).toBe(0o600);
  });

  it('refuses a token signed with the key cognito-local publishes in its package', async () => {
    const forged = signWithPublishedKey(user.accessToken);
    expect((await callAs(baseUrl, forged)('getCredits')).status).toBe(401);
  });
});

describe('the local storage', () => {
  const bucketUrl = `${runtime.s3Endpoint}/${LOCAL_BUCKET}`;
  const s3 = (secretAccessKey: string) =>
    new S3Client({
      endpoint: runtime.s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { ...S3RVER_CREDENTIALS, secretAccessKey },
    });

  it('refuses unsigned and wrongly signed requests with 403', async () => {
    const unsigned = await fetch(bucketUrl);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).not.toContain('<Key>');
    const amzDate = new Date().toISOString().replace(/[-:]|\.\d+/g, '');
    const forged = await fetch(bucketUrl, {
      headers: {
        'x-amz-date': amzDate,
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
        authorization: `AWS4-HMAC-SHA256 Credential=S3RVER/${amzDate.slice(0, 8)}/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${'0'.repeat(64)}`,
      },
    });
    expect(forged.status).toBe(403);
    await expect(
      s3('wrong-secret').send(new ListObjectsV2Command({ Bucket: LOCAL_BUCKET })),
    ).rejects.toThrow();
  });

  it('still serves the app: SDK calls and presigned uploads pass', async () => {
    const user = await signUpUser(baseUrl, dataDir, runtime.clientId, 'storage');
    const key = await uploadImage(callAs(baseUrl, user.accessToken), ONE_PIXEL_PNG);
    const listed = await s3(S3RVER_CREDENTIALS.secretAccessKey).send(
      new ListObjectsV2Command({ Bucket: LOCAL_BUCKET, Prefix: key }),
    );
    expect(listed.Contents?.map((object) => object.Key)).toEqual([key]);
  });

  it("allows the app's origin only in CORS", async () => {
    const preflight = (origin: string) =>
      fetch(`${bucketUrl}/uploads/some.png`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PUT' },
      });
    // s3rver answers an allowed preflight with `*`; a foreign origin gets no CORS answer at all.
    const own = await preflight(baseUrl);
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-methods')).toContain('PUT');
    const foreign = await preflight('http://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('follows a change of the CORS rules at once (the local cloud keeps them in memory)', async () => {
    const preflight = (origin: string) =>
      fetch(`${bucketUrl}/uploads/some.png`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PUT' },
      });
    const client = s3(S3RVER_CREDENTIALS.secretAccessKey);
    const rules = (await client.send(new GetBucketCorsCommand({ Bucket: LOCAL_BUCKET }))).CORSRules;
    expect((await preflight(baseUrl)).status).toBe(200);
    const other = 'http://other.example';
    await client.send(
      new PutBucketCorsCommand({
        Bucket: LOCAL_BUCKET,
        CORSConfiguration: { CORSRules: [{ AllowedOrigins: [other], AllowedMethods: ['PUT'] }] },
      }),
    );
    try {
      expect((await preflight(other)).status).toBe(200);
      expect((await preflight(baseUrl)).status).toBe(403);
    } finally {
      await client.send(
        new PutBucketCorsCommand({ Bucket: LOCAL_BUCKET, CORSConfiguration: { CORSRules: rules } }),
      );
    }
    expect((await preflight(baseUrl)).status).toBe(200);
    expect((await preflight(other)).status).toBe(403);
  });
});

type QueueStats = Record<'delivered' | 'waiting' | 'in_flight', number>;
const queueStats = async () =>
  ((await (await fetch(`${baseUrl}/api/health`)).json()) as { queue: QueueStats }).queue;

describe('the local queue', () => {
  it('refuses SendMessage that is not signed with the local credentials', async () => {
    const before = await queueStats();
    const unsigned = await fetch(`${baseUrl}/sqs/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
      body: JSON.stringify({ QueueUrl: `${baseUrl}/sqs/000000000000/jobs`, MessageBody: '{}' }),
    });
    expect(unsigned.status).toBe(403);
    const sqs = new SQSClient({
      endpoint: `${baseUrl}/sqs`,
      region: 'us-east-1',
      credentials: { ...S3RVER_CREDENTIALS, secretAccessKey: 'wrong-secret' },
      maxAttempts: 1,
    });
    await expect(
      sqs.send(new SendMessageCommand({ QueueUrl: `${baseUrl}/sqs/000000000000/jobs`, MessageBody: '{}' })),
    ).rejects.toThrow();
    const after = await queueStats();
    expect(after.delivered + after.waiting + after.in_flight).toBe(
      before.delivered + before.waiting + before.in_flight,
    );
  });
});

describe('the local Cognito proxy', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUpUser(baseUrl, dataDir, runtime.clientId, 'exists');
  });
  const signIn = (email: string, password: string) =>
    cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });

  it('answers sign-in for an unknown user exactly like a wrong password', async () => {
    const wrongPassword = await signIn(user.email, 'wrong-password');
    const unknownUser = await signIn('nobody-here@example.com', 'wrong-password');
    expect(unknownUser).toEqual(wrongPassword);
    expect(wrongPassword).toEqual({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    });
  });

  it('answers code requests for an unknown user as if the code was sent', async () => {
    for (const operation of ['ForgotPassword', 'ResendConfirmationCode']) {
      const known = await cognitoCall(operation, { Username: user.email });
      const unknown = await cognitoCall(operation, { Username: 'nobody-here@example.com' });
      expect(unknown.status, operation).toBe(200);
      expect(known.status, operation).toBe(200);
      expect(unknown.body.CodeDeliveryDetails, operation).toEqual({
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: 'n***@e***',
      });
      expect(Object.keys(known.body.CodeDeliveryDetails ?? {})).toEqual(
        Object.keys(unknown.body.CodeDeliveryDetails ?? {}),
      );
      expect(known.body.CodeDeliveryDetails?.Destination).toMatch(/^e\*\*\*@e\*\*\*$/);
    }
  });

  it('sends an unconfirmed user a new sign-up code on ResendConfirmationCode', async () => {
    const email = `resend-${Date.now()}@example.com`;
    expect((await cognitoCall('SignUp', { Username: email, Password: 'secret1' })).status).toBe(200);
    const first = await latestCodeFor(dataDir, email);
    expect((await cognitoCall('ResendConfirmationCode', { Username: email })).status).toBe(200);
    const second = await latestCodeFor(dataDir, email);
    expect(second).toMatch(/^\d+$/);
    expect(second).not.toBe(first);
    expect((await cognitoCall('ConfirmSignUp', { Username: email, ConfirmationCode: second })).status).toBe(
      200,
    );
  });
});

describe("the local server's security headers", () => {
  it('are the ones CloudFront sends, with the local storage in the CSP and no HSTS over http', async () => {
    // Without base URLs set, a creator's own key calls the providers' own API hosts, as in AWS.
    const expected = securityHeaderValues(
      { imagesOrigin: runtime.s3Endpoint, providerOrigins: PROVIDER_ORIGINS },
      false,
    );
    expect(expected['content-security-policy']).toContain(
      'https://api.openai.com https://generativelanguage.googleapis.com',
    );
    expect(expected['content-security-policy']).toContain("form-action 'self'");
    for (const path of ['/', '/config.json', '/api/credits', '/api/health']) {
      const response = await fetch(`${baseUrl}${path}`);
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers.get(name), `${path} ${name}`).toBe(value);
      }
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });
});
