import { describe, expect, it } from 'vitest';
import { GEMINI_TEXTS, NO_EDIT_IMAGES_TEXT, OPENAI_TEXTS } from './provider-texts';
import {
  DEFAULT_TITLE,
  GREETING,
  INSUFFICIENT_CREDITS_TEXT,
  PHASE_TEXT,
  rateLimitedText,
  UNEXPECTED_ERROR_TEXT,
} from './texts';

// The one place the product's words are pinned: every other test reads them from the contract.
describe('the texts a creator reads', () => {
  it('says what a job is doing', () => {
    expect(PHASE_TEXT).toEqual({
      queued: 'Processing your request...',
      editing: 'Editing your image...',
      generating: 'Generating your image...',
    });
  });

  it('words failures and refusals exactly', () => {
    expect(UNEXPECTED_ERROR_TEXT).toBe(
      "I'm sorry, I encountered an error while processing your request. Please try again.",
    );
    expect(INSUFFICIENT_CREDITS_TEXT).toBe(
      "You don't have enough credits to generate an image. Please purchase more credits to continue.",
    );
    expect(NO_EDIT_IMAGES_TEXT).toBe(
      'No valid images available for editing. Please ensure images are in base64 format.',
    );
  });

  it('asks an account that sends too often to wait', () => {
    expect(rateLimitedText(42)).toBe("You're doing that too often. Please wait 42 seconds and try again.");
    expect(rateLimitedText(1)).toBe("You're doing that too often. Please wait 1 second and try again.");
    expect(rateLimitedText()).toBe("You're doing that too often. Please wait a moment and try again.");
  });

  it('names the conversation and greets', () => {
    expect(DEFAULT_TITLE).toBe('New Conversation');
    expect(GREETING).toMatch(/thumbnail generator.*high-quality images from detailed descriptions/);
  });

  it('words provider failures exactly, naming the backend setting for a missing key', () => {
    expect(OPENAI_TEXTS.generate.policy).toBe(
      "I can't generate that image as it violates OpenAI's content policy. Please try a different prompt.",
    );
    expect(OPENAI_TEXTS.edit.missingKey).toBe(
      'I need an OpenAI API key to edit images. Please add your OPENAI_API_KEY to your environment variables.',
    );
    expect(GEMINI_TEXTS.notConfigured).toBe(
      'Gemini API key not configured. Please add GEMINI_API_KEY to your environment variables.',
    );
    expect(GEMINI_TEXTS.edit.noImage).toBe(
      'No edited image was generated. Please try again with a different prompt.',
    );
  });
});
