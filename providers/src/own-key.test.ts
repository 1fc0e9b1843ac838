import * as genai from '@google/genai';
import { OWN_KEY_MISSING_TEXTS } from '@thumbnail-studio/contract';
import * as openaiSdk from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGemini, INVALID_KEY, startFakeGemini } from '../../tests/fakes/gemini-server';
import { type FakeOpenAI, openAIError, startFakeOpenAI } from '../../tests/fakes/openai-server';
import { createGeminiProvider } from './gemini';
import { silentLog } from './log';
import { createOpenAIProvider } from './openai';

const retry = { maxRetries: 0, timeoutMs: 5_000, initialDelayMs: 1, maxDelayMs: 1 };
const common = { classifierModel: 'small', retry, classifierRetry: retry, log: silentLog, ownKey: true };
const generation = { prompt: 'A cat astronaut', references: [], people: [] };
const jpeg = { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), mimeType: 'image/jpeg' };
const edit = { prompt: 'x', images: [jpeg], people: [] };

let openai: FakeOpenAI;
let gemini: FakeGemini;
beforeAll(async () => {
  [openai, gemini] = await Promise.all([startFakeOpenAI(), startFakeGemini()]);
});
afterAll(() => Promise.all([openai.stop(), gemini.stop()]));
beforeEach(() => {
  openai.reset();
  gemini.reset();
});

const openaiWith = (apiKey: string | undefined) =>
  createOpenAIProvider(openaiSdk, { ...common, apiKey, baseURL: openai.url, imageModel: 'gpt-image-2' });
const geminiWith = (apiKey: string | undefined) =>
  createGeminiProvider(genai, { ...common, apiKey, baseUrl: gemini.url, imageModel: 'gemini-image' });

describe("a creator's own key", () => {
  it('sends a missing OpenAI key to the settings, without calling the API', async () => {
    expect(await openaiWith(undefined).generate(generation)).toEqual({
      type: 'error',
      content: OWN_KEY_MISSING_TEXTS.openai.generate,
    });
    expect(await openaiWith(undefined).edit(edit)).toEqual({
      type: 'error',
      content: OWN_KEY_MISSING_TEXTS.openai.edit,
    });
    expect(openai.requests).toHaveLength(0);
    expect(OWN_KEY_MISSING_TEXTS.openai.generate).toContain('Settings → Your own API keys');
  });

  it('sends a refused OpenAI key to the settings', async () => {
    openai.failNext(1, 401, {
      body: openAIError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
    });
    expect(await openaiWith('fake-wrong-key-1234').generate(generation)).toEqual({
      type: 'error',
      content: OWN_KEY_MISSING_TEXTS.openai.generate,
    });
  });

  it('sends a missing or refused Gemini key to the settings', async () => {
    expect(await geminiWith(undefined).generate(generation)).toEqual({
      type: 'error',
      content: OWN_KEY_MISSING_TEXTS.gemini.notConfigured,
    });
    gemini.failNext(1, 400, { body: INVALID_KEY });
    expect(await geminiWith('AIza-wrong').edit(edit)).toEqual({
      type: 'error',
      content: OWN_KEY_MISSING_TEXTS.gemini.edit,
    });
  });
});
