import { INTERNAL_ERROR_TEXT, MODEL_TEXTS, rateLimitedText } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { failureText, PHOTOS_TOO_LARGE_TEXT } from './failure-text';

describe('failureText', () => {
  it('shows a refusal that says what to do as it is, whatever the fallback', () => {
    const tooOften = new ApiError('rate_limited', rateLimitedText(12));
    expect(failureText(tooOften, MODEL_TEXTS.addImagesFailed)).toBe(rateLimitedText(12));
    const changed = new ApiError('conflict', MODEL_TEXTS.changedMeanwhile, {
      error: MODEL_TEXTS.changedMeanwhile,
      code: 'conflict',
    });
    expect(failureText(changed, MODEL_TEXTS.setPrimaryFailed)).toBe(
      'This model changed meanwhile, please try again',
    );
  });

  it("keeps the spec's own text for other failures, and the server's only where asked", () => {
    const failed = new ApiError('internal', INTERNAL_ERROR_TEXT, {
      error: INTERNAL_ERROR_TEXT,
      code: 'internal',
    });
    expect(failureText(failed, MODEL_TEXTS.deleteImageFailed)).toBe(MODEL_TEXTS.deleteImageFailed);
    const refused = new ApiError('bad_request', 'Nope', { error: 'Nope', code: 'bad_request' });
    expect(failureText(refused, MODEL_TEXTS.uploadFailed, { serverText: true })).toBe('Nope');
    expect(failureText(new ApiError('payload_too_large', 'x'), MODEL_TEXTS.uploadFailed)).toBe(
      PHOTOS_TOO_LARGE_TEXT,
    );
  });
});
