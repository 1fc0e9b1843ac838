import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { logsWritesAhead, sharedDatabaseFile } from '../../local/dynamodb/dynamodb-local';
import { callAs } from '../support/api';
import { runTool, startCloudProcess } from '../support/local-cloud-process';
import { cognitoClient, signUpUser } from '../support/users';

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) })
    .then(() => true)
    .catch(() => false);

/** Runs `npm start`'s entry point to its exit, for the ways it refuses to start. */
const runStart = (env: Record<string, string>) =>
  runTool('local/start.ts', [], { DATA_DIR: `${inject('dataDir')}-unused`, ...env });

describe('the local cloud process', () => {
  // Two full starts of every service: on a busy 2-core machine that takes longer than most tests may.
  it('keeps users, data and issued tokens across a restart, and Ctrl-C stops every service it started', async () => {
    const first = await startCloudProcess();
    const user = await signUpUser(first.url, first.dataDir, first.runtime.clientId, 'restart');
    const created = await callAs(first.url, user.accessToken)('createConversation', {
      body: {
        title: 'Keep me',
      },
    });
    expect(created.status).toBe(201);

    await first.stop();
    expect(first.child.exitCode).toBe(0);
    // DynamoDB Local's database logs its writes ahead (one sync a write, not three).
    expect(await logsWritesAhead(sharedDatabaseFile(first.dataDir))).toBe(true);
    expect(await answers(first.runtime.dynamodbEndpoint)).toBe(false);
    expect(await answers(first.runtime.cognitoEndpoint)).toBe(false);
    expect(await answers(first.runtime.s3Endpoint)).toBe(false);

    // Same port and data folder: the same issuer and key, so a token from before still works.
    const second = await startCloudProcess({ dataDir: first.dataDir, port: Number(new URL(first.url).port) });
    try {
      expect(second.runtime.userPoolId).toBe(first.runtime.userPoolId);
      expect((await callAs(second.url, user.accessToken)('getCredits')).status).toBe(200);
      const { AuthenticationResult } = await cognitoClient(second.url).send(
        new InitiateAuthCommand({
          ClientId: second.runtime.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
        }),
      );
      const api = callAs(second.url, AuthenticationResult?.AccessToken);
      const { body } = await api('listConversations');
      expect(body.conversations.map((c: { title: string }) => c.title)).toEqual(['Keep me']);
      expect((await api('getCredits')).body).toEqual({ credits: 3 });
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('says so when the port is taken', async () => {
    const port = new URL(inject('baseUrl')).port;
    const { code, output } = await runStart({ PORT: port });
    expect(code).toBe(1);
    expect(output).toContain(`Port ${port} is already in use`);
  });

  it('refuses a bad setting before starting anything, naming the variable', async () => {
    const { code, output } = await runStart({ PORT: '0', INITIAL_CREDITS: 'three' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid setting INITIAL_CREDITS');
  });

  it('refuses a HOST that is not an IP address, and takes a blank one as loopback', async () => {
    const { code, output } = await runStart({ PORT: '0', HOST: 'my-laptop' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid setting HOST');
    const blank = await startCloudProcess({ env: { HOST: '' } });
    try {
      expect(await answers(`http://127.0.0.1:${new URL(blank.url).port}/api/health`)).toBe(true);
    } finally {
      await blank.stop();
    }
  }, 120_000);
});
