import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ledgerKeys } from '../../functions/src/core/credits';
import { makePng } from '../fakes/fake-http';
import { MODERATION_BLOCKED } from '../fakes/openai-server';
import { deliverJob, queueStats, waitForQueueIdle, waitForSettled } from '../support/jobs';
import { ledgerFindings, readCreditItems } from '../support/ledger';
import { useLocalCloudWithFakeProviders } from '../support/local-cloud';
import { WITHOUT_IMAGE_CHECKS } from '../support/local-cloud-process';
import { listKeys } from '../support/storage';
import { newUserWithConversation } from '../support/users';

/**
 * Variations through the real providers' code, their SDKs pointed at fakes that can fail one
 * call of several: each variation is its own call, and each is settled on its own. And what a
 * send's text mode asks of them: no text when the quoted text is drawn as a layer.
 */

const { cloud, fakes } = useLocalCloudWithFakeProviders({
  PROVIDER_MAX_RETRIES: '1',
  PROVIDER_RETRY_INITIAL_MS: '10',
  PROVIDER_RETRY_MAX_MS: '20',
  // Every variation of a job is called at once here (3 of each of the 5 workers' jobs), so a
  // test can catch all of a job's calls in flight.
  LOCAL_WORKER_CONCURRENCY: '5',
  PROVIDER_CALLS_AT_ONCE: '15',
  LOG_LEVEL: 'INFO',
  ...WITHOUT_IMAGE_CHECKS,
});

const newUser = (name: string) => newUserWithConversation(cloud, name);

const ledgerOf = async (userId: string) => readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
const imageCalls = (path: string) => fakes.openai.requests.filter((r) => r.path === path);
/** The instructions of the image calls Gemini received (its classifier's carry no 16:9). */
const geminiPrompts = () =>
  fakes.gemini.requests
    .filter((call) => JSON.stringify(call.body).includes('16:9'))
    .map((call) =>
      (call.body as { contents: { parts: { text?: string }[] }[] }).contents
        .flatMap((content) => content.parts.map((part) => part.text ?? ''))
        .join('\n'),
    );
/** The instructions of OpenAI's new-image calls. */
const openaiPrompts = () =>
  imageCalls('/v1/images/generations').map((call) => (call.body as { prompt: string }).prompt);

describe('variations with the real providers', () => {
  it('keeps the variations that succeed and refunds the one OpenAI refused', async () => {
    const { api, send, userId } = await newUser('partial');
    // A first message has no image to edit, so no classifier is asked: the failure goes to one
    // of the three image calls.
    fakes.openai.failNext(1, 400, { body: MODERATION_BLOCKED });
    const sent = await send({ content: 'A neon gaming thumbnail', provider: 'openai', variations: 3 });
    expect(sent.status).toBe(202);
    const jobId = sent.body.assistantMessage.id as string;

    const done = await waitForSettled(api, jobId);
    expect(imageCalls('/v1/images/generations')).toHaveLength(3);
    expect(done).toMatchObject({ status: 'done', is_image_message: true });
    expect(done.images).toHaveLength(2);
    expect((await api('getCredits')).body).toEqual({ credits: 1 });

    const { balance, ledger, sum } = await ledgerOf(userId);
    expect([balance, sum]).toEqual([1, 1]);
    const settlements = ledger.filter((e) => String(e.sk).match(/^ledger#(commit|refund)#/));
    expect(settlements.filter((e) => String(e.sk).startsWith('ledger#commit#'))).toHaveLength(2);
    const refunds = settlements.filter((e) => String(e.sk).startsWith('ledger#refund#'));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amount: 1,
      reason:
        "Refund: I can't generate that image as it violates OpenAI's content policy. Please try a different prompt.",
    });
    expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
  });

  it('refunds every credit with the provider text as before when all variations fail', async () => {
    const { api, send, userId } = await newUser('all-fail');
    fakes.openai.mode('refuse');
    const sent = await send({ content: 'Something', provider: 'openai', variations: 2 });
    const settled = await waitForSettled(api, sent.body.assistantMessage.id);
    expect(settled).toMatchObject({
      status: 'error',
      is_image_message: false,
      images: null,
      content:
        "I can't generate that image as it violates OpenAI's content policy. Please try a different prompt.",
    });
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    const jobId = sent.body.assistantMessage.id as string;
    const { ledger } = await ledgerOf(userId);
    expect(
      ledger
        .map((e) => String(e.sk))
        .filter((sk) => sk.includes(jobId))
        .sort(),
    ).toEqual(
      [
        ledgerKeys.job(jobId).reserve,
        ledgerKeys.variation(jobId, 0).refund,
        ledgerKeys.variation(jobId, 1).refund,
      ].sort(),
    );
    expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
  });

  it('asks Gemini once per variation', async () => {
    const { api, send } = await newUser('gemini');
    const sent = await send({ content: 'A cooking thumbnail', provider: 'gemini', variations: 2 });
    expect((await waitForSettled(api, sent.body.assistantMessage.id)).images).toHaveLength(2);
    const calls = fakes.gemini.requests.filter((r) => JSON.stringify(r.body).includes('16:9'));
    expect(calls).toHaveLength(2);
  });

  it('asks OpenAI and Gemini for a different picture in each variation', async () => {
    const viaOpenai = await newUser('openai-differs');
    const viaGemini = await newUser('gemini-differs');
    const [toOpenai, toGemini] = await Promise.all([
      viaOpenai.send({ content: 'A mountain bike race', provider: 'openai', variations: 3 }),
      viaGemini.send({ content: 'A mountain bike race', provider: 'gemini', variations: 3 }),
    ]);
    await waitForSettled(viaOpenai.api, toOpenai.body.assistantMessage.id);
    await waitForSettled(viaGemini.api, toGemini.body.assistantMessage.id);

    for (const prompts of [openaiPrompts(), geminiPrompts()]) {
      expect(prompts).toHaveLength(3);
      expect(new Set(prompts).size).toBe(3);
      for (const prompt of prompts) expect(prompt).toContain('A mountain bike race');
    }
  });

  it('asks no classifier until there is an image to edit, then asks it before the edit', async () => {
    const { api, send } = await newUser('classifier');
    const first = await send({ content: 'A space thumbnail', provider: 'openai' });
    expect(await waitForSettled(api, first.body.assistantMessage.id)).toMatchObject({ is_edit: false });
    // With nothing to edit a request is a new image, whatever a classifier would answer.
    expect(fakes.openai.requests.map((r) => r.path)).toEqual(['/v1/images/generations']);

    fakes.openai.requests.length = 0;
    fakes.openai.classifyAnswer('IMAGE_EDIT');
    const second = await send({ content: 'Make the planet red', provider: 'openai' });
    expect(await waitForSettled(api, second.body.assistantMessage.id)).toMatchObject({ is_edit: true });
    expect(fakes.openai.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/images/edits']);
  });

  it("edits the chosen image ('Edit this one'), not the latest one", async () => {
    const { api, send } = await newUser('chosen');
    fakes.openai.image(await makePng(64, 36, '#ff0000'));
    const red = await waitForSettled(
      api,
      (await send({ content: 'Red', provider: 'openai' })).body.assistantMessage.id,
    );
    fakes.openai.image(await makePng(64, 36, '#0000ff'));
    // Three credits: the red image, the blue one, then the edit.
    const blue = await send({ content: 'Blue', provider: 'openai' });
    await waitForSettled(api, blue.body.assistantMessage.id);

    fakes.openai.requests.length = 0;
    fakes.openai.classifyAnswer('IMAGE_EDIT');
    const edit = await send({
      content: 'Make it brighter',
      provider: 'openai',
      edit_from: { message_id: red.id, index: 0 },
    });
    expect(await waitForSettled(api, edit.body.assistantMessage.id)).toMatchObject({
      status: 'done',
      is_edit: true,
    });
    const call = imageCalls('/v1/images/edits')[0];
    const images = call?.parts.filter((part) => part.name.startsWith('image') && part.bytes) ?? [];
    expect(images).toHaveLength(1);
    const { dominant } = await sharp(images[0]?.bytes).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(50);
  });

  it('settles nothing twice when the job is delivered again after it settled', async () => {
    const { api, send, userId, conversationId } = await newUser('again');
    const sent = await send({ content: 'Twice', provider: 'openai', variations: 2 });
    const jobId = sent.body.assistantMessage.id as string;
    await waitForSettled(api, jobId);
    const before = await queueStats(cloud.url);
    await deliverJob(cloud.url, { jobId, conversationId, userId });
    await waitForQueueIdle(cloud.url, before.delivered + 1);
    const { balance, ledger } = await ledgerOf(userId);
    expect(balance).toBe(1);
    expect(ledger.filter((e) => String(e.sk).startsWith('ledger#commit#'))).toHaveLength(2);
    expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
  });

  it('refunds every variation when the conversation is deleted while they are drawn, keeping no image', async () => {
    const { api, send, userId, conversationId } = await newUser('deleted');
    fakes.openai.latency(2_000);
    const before = await queueStats(cloud.url);
    const sent = await send({ content: 'Slow', provider: 'openai', variations: 3 });
    const jobId = sent.body.assistantMessage.id as string;
    await expect.poll(() => imageCalls('/v1/images/generations').length).toBe(3);

    expect((await api('deleteConversation', { params: { id: conversationId } })).status).toBe(204);
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    await waitForQueueIdle(cloud.url, before.delivered + 1);

    const { balance, ledger } = await ledgerOf(userId);
    expect(balance).toBe(3);
    expect(ledger.filter((e) => String(e.sk).startsWith('ledger#refund#'))).toHaveLength(3);
    expect(ledger.filter((e) => String(e.sk).startsWith('ledger#commit#'))).toHaveLength(0);
    expect(await listKeys(cloud.runtime, `images/${userId}/${jobId}/`)).toEqual([]);
    expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
  });
});

describe('the text mode with the real providers', () => {
  const content = 'A jungle survival video, the title "I SURVIVED" in big letters';

  it('asks OpenAI and Gemini for no text when the quoted text is a layer, the default', async () => {
    const viaOpenai = await newUser('layer-openai');
    const viaGemini = await newUser('layer-gemini');
    const [toOpenai, toGemini] = await Promise.all([
      viaOpenai.send({ content, provider: 'openai' }),
      viaGemini.send({ content, provider: 'gemini', text_mode: 'layer' }),
    ]);
    const settled = await waitForSettled(viaOpenai.api, toOpenai.body.assistantMessage.id);
    await waitForSettled(viaGemini.api, toGemini.body.assistantMessage.id);
    // The mode is the job's own setting, kept to the backend.
    expect(settled).not.toHaveProperty('text_mode');

    for (const prompts of [openaiPrompts(), geminiPrompts()]) {
      expect(prompts).toHaveLength(1);
      const [prompt] = prompts;
      expect(prompt).toContain('without any text, letters, numbers, captions, logos or watermarks');
      expect(prompt).toContain('Keep the main subject out of the left half');
      expect(prompt).toContain('A jungle survival video, the title [TITLE] in big letters');
      expect(prompt).not.toContain('"I SURVIVED"');
    }
  });

  it('still asks for the quoted text, as written, when the model draws it', async () => {
    const viaOpenai = await newUser('model-openai');
    const viaGemini = await newUser('model-gemini');
    const [toOpenai, toGemini] = await Promise.all([
      viaOpenai.send({ content, provider: 'openai', text_mode: 'model' }),
      viaGemini.send({ content, provider: 'gemini', text_mode: 'model' }),
    ]);
    await waitForSettled(viaOpenai.api, toOpenai.body.assistantMessage.id);
    await waitForSettled(viaGemini.api, toGemini.body.assistantMessage.id);

    for (const prompts of [openaiPrompts(), geminiPrompts()]) {
      expect(prompts).toHaveLength(1);
      expect(prompts[0]).toContain(`following it exactly: ${content}`);
      expect(prompts[0]).not.toMatch(/without any text|\[TITLE\]/);
    }
  });

  it('leaves a request without quoted text as it was, whatever the mode', async () => {
    const { api, send } = await newUser('no-quotes');
    const sent = await send({ content: 'A jungle survival video', provider: 'openai', text_mode: 'layer' });
    await waitForSettled(api, sent.body.assistantMessage.id);
    const [prompt] = openaiPrompts();
    expect(prompt).toContain('Do not add any text to the image unless the request asks for it.');
    expect(prompt).not.toMatch(/without any text|\[TITLE\]/);
  });
});

describe('partial pictures while OpenAI draws', () => {
  /** Reads the job until it shows a partial picture of each of its images, and answers them. */
  async function firstPartials(api: Awaited<ReturnType<typeof newUser>>['api'], id: string) {
    for (let tries = 0; tries < 200; tries++) {
      const { message } = (await api('getMessage', { params: { id } })).body;
      if (message.status !== 'pending') throw new Error(`the job settled first: ${message.status}`);
      if (message.partials?.every((url: string | null) => url !== null)) return message.partials as string[];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no partial picture came');
  }
  const partialKeys = async (userId: string) =>
    (await listKeys(cloud.runtime, `images/${userId}/`)).filter((key) => key.includes('/partial-'));

  it('streams two partials per image, shows each image its latest, small, then the final images alone', async () => {
    const { api, send, userId } = await newUser('partials');
    fakes.openai.latency(3000);
    const sent = await send({ content: 'A rocket launch at night', provider: 'openai', variations: 2 });
    const shown = await firstPartials(api, sent.body.assistantMessage.id);
    expect(shown).toHaveLength(2);
    for (const url of shown) {
      const webp = new Uint8Array(await (await fetch(url)).arrayBuffer());
      expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 640, height: 360 });
      expect(webp.length).toBeLessThanOrEqual(40_000);
    }
    // Asked through the SDK as a stream of two partials.
    for (const call of imageCalls('/v1/images/generations')) {
      expect(call.body).toMatchObject({ stream: true, partial_images: 2 });
    }

    const settled = await waitForSettled(api, sent.body.assistantMessage.id);
    expect(settled).toMatchObject({ status: 'done', is_image_message: true });
    expect(settled.images).toHaveLength(2);
    expect(settled.partials).toBeUndefined();
    // A partial never counts as the result: the job deletes them once it is over.
    expect(await partialKeys(userId)).toEqual([]);
    expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
  });

  it('refunds a job whose stream fails after its partials, and deletes them', async () => {
    const { api, send, userId } = await newUser('partials-fail');
    const before = (await api('getCredits')).body.credits;
    fakes.openai.latency(2000);
    fakes.openai.mode('fail-mid-stream');
    const sent = await send({ content: 'A storm over the sea', provider: 'openai' });
    await firstPartials(api, sent.body.assistantMessage.id);
    const settled = await waitForSettled(api, sent.body.assistantMessage.id);
    expect(settled).toMatchObject({ status: 'error', is_image_message: false });
    expect(settled.partials).toBeUndefined();
    expect((await api('getCredits')).body.credits).toBe(before);
    expect(await partialKeys(userId)).toEqual([]);
  });
});
