import { NO_PROVIDER_TEXT } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { callAs } from '../support/api';
import { readCreditItems } from '../support/ledger';
import { useLocalCloud } from '../support/local-cloud';
import { decodePayload } from '../support/tokens';
import { signUpUser } from '../support/users';

/** A deployment as AWS runs it by default: no provider key, and the offline provider not turned on. */
const cloud = useLocalCloud({
  OFFLINE_PROVIDER: 'false',
  OPENAI_API_KEY: '',
  GEMINI_API_KEY: '',
});

describe('without a provider key or the offline provider', () => {
  it('offers no provider', async () => {
    const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, 'offer');
    const api = callAs(cloud.url, user.accessToken);
    expect((await api('listProviders')).body).toEqual({ providers: [] });
  });

  it('refuses a send with a clear message, storing nothing and charging no credit', async () => {
    const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, 'send');
    const api = callAs(cloud.url, user.accessToken);
    const { id } = (await api('createConversation', { body: {} })).body.conversation;
    const before = (await api('listMessages', { params: { id } })).body;

    for (const provider of [undefined, 'local']) {
      const sent = await api('sendMessage', {
        params: { id },
        body: {
          content: 'A neon thumbnail',
          provider,
        },
      });
      expect(sent.status).toBe(503);
      expect(sent.body).toEqual({ error: NO_PROVIDER_TEXT, code: 'service_unavailable' });
    }

    expect((await api('listMessages', { params: { id } })).body).toEqual(before);
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    const { ledger } = await readCreditItems(
      cloud.runtime.dynamodbEndpoint,
      String(decodePayload(user.accessToken).sub),
    );
    expect(ledger.map((e) => String(e.sk).split('#')[1])).toEqual(['initial']);
  });
});
