import { describe, expect, it } from 'vitest';
import { newMessage, newQueuedJob } from '../core/messages';
import { textLayerOf } from './job-context';

const request = (content: string) =>
  newMessage({
    conversation_id: 'c1',
    user_id: 'u1',
    created_at: '2026-11-28T12:00:00.000Z',
    id: 'm1',
    role: 'user',
    content,
    status: 'done',
  });
const jobOf = (content: string, textMode?: 'layer' | 'model') =>
  newQueuedJob(request(content), { id: 'j1', provider: 'openai', ...(textMode ? { textMode } : {}) });

describe('the text a job leaves room for', () => {
  it("is the request's quoted text when the send asked for text as layers", () => {
    const content = 'A jungle, the title “I SURVIVED” and "100 DAYS"';
    const job = jobOf(content, 'layer');
    expect(job.text_mode).toBe('layer');
    expect(textLayerOf(job, request(content))).toEqual({ text: 'I SURVIVED 100 DAYS' });
  });

  it('is none when the model draws the text, or the request quotes nothing', () => {
    const content = 'A jungle, the title "I SURVIVED"';
    expect(textLayerOf(jobOf(content, 'model'), request(content))).toBeUndefined();
    expect(textLayerOf(jobOf('A jungle', 'layer'), request('A jungle'))).toBeUndefined();
  });

  it('is none on a job sent before text modes: the model draws its text', () => {
    const content = 'A jungle, the title "I SURVIVED"';
    const old = jobOf(content);
    expect(old).not.toHaveProperty('text_mode');
    expect(textLayerOf(old, request(content))).toBeUndefined();
  });
});
