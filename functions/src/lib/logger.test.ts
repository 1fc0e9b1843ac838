import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger, redact } from './logger';

let lines: string[] = [];

beforeEach(() => {
  lines = [];
  const capture = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  logger.setLogLevel('INFO');
});

afterEach(() => {
  logger.setLogLevel('SILENT');
  vi.restoreAllMocks();
});

const logged = () => lines.map((line) => JSON.parse(line));

describe('logger', () => {
  it('writes JSON lines with the level, the message and the service', () => {
    logger.info('job done', { jobId: 'j1' });
    expect(logged()).toEqual([
      expect.objectContaining({
        level: 'INFO',
        message: 'job done',
        service: 'thumbnail-studio',
        jobId: 'j1',
      }),
    ]);
  });

  it("logs an error's name, message and stack", () => {
    const error = new TypeError('the job has no user message');
    logger.error('job failed', { error });
    const [entry] = logged();
    expect(entry.error).toMatchObject({ name: 'TypeError', message: 'the job has no user message' });
    expect(entry.error.stack).toContain('logger.test.ts');
  });

  it('never writes a key, a token or image data', () => {
    const key = `sk-proj-${'a'.repeat(40)}`;
    const token = `eyJ${'b'.repeat(30)}.${'c'.repeat(30)}.${'d'.repeat(30)}`;
    logger.error('provider call failed', {
      error: new Error(`Incorrect API key provided: ${key}`),
      header: `Bearer ${token}`,
      image: `data:image/png;base64,${'A'.repeat(50_000)}`,
    });
    const text = lines.join('');
    expect(text).not.toContain(key);
    expect(text).not.toContain(token);
    expect(text.length).toBeLessThan(10_000);
    expect(text).toContain('[redacted]');
  });
});

describe('redact', () => {
  it.each([[`AIza${'x'.repeat(35)}`], [`whsec_${'y'.repeat(32)}`], [`sk_live_${'z'.repeat(24)}`]])(
    'masks %s',
    (secret) => {
      expect(redact(`key=${secret};`)).toBe('key=[redacted];');
    },
  );
});
