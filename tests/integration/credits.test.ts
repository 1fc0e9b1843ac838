import { describe, expect, inject, it } from 'vitest';
import { callAs } from '../support/api';
import { readCreditItems } from '../support/ledger';
import { decodePayload } from '../support/tokens';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');

describe('initial credits', () => {
  it('grants 3 credits once, however many first requests race', async () => {
    const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'credits');
    const api = callAs(baseUrl, user.accessToken);

    const answers = await Promise.all(Array.from({ length: 10 }, () => api('getCredits')));
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: { credits: 3 } });
    expect(await api('getCredits')).toEqual({ status: 200, body: { credits: 3 } });

    const { balance, ledger } = await readCreditItems(
      runtime.dynamodbEndpoint,
      String(decodePayload(user.accessToken).sub),
    );
    expect(balance).toBe(3);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ sk: 'ledger#initial', amount: 3 });
  });

  it('keeps each user’s balance apart', async () => {
    const ada = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'ada');
    const babbage = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'babbage');
    expect((await callAs(baseUrl, ada.accessToken)('getCredits')).body).toEqual({ credits: 3 });
    expect((await callAs(baseUrl, babbage.accessToken)('getCredits')).body).toEqual({ credits: 3 });
    const adaId = String(decodePayload(ada.accessToken).sub);
    const babbageId = String(decodePayload(babbage.accessToken).sub);
    expect(adaId).not.toBe(babbageId);
    expect((await readCreditItems(runtime.dynamodbEndpoint, adaId)).ledger).toHaveLength(1);
  });
});
