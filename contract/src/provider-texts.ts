/**
 * What a creator reads when an image provider fails, word for word as the
 * product has always said it, except that a missing key names the backend
 * setting (`OPENAI_API_KEY`, `GEMINI_API_KEY`): keys live on the server.
 */
export const OPENAI_TEXTS = {
  generate: {
    missingKey:
      'I need an OpenAI API key to generate images. Please add your OPENAI_API_KEY to your environment variables.',
    policy:
      "I can't generate that image as it violates OpenAI's content policy. Please try a different prompt.",
    other: "I'm having trouble generating the image right now. Please try again in a moment.",
  },
  edit: {
    missingKey:
      'I need an OpenAI API key to edit images. Please add your OPENAI_API_KEY to your environment variables.',
    policy:
      "I can't edit the image with that prompt as it violates OpenAI's content policy. Please try a different prompt.",
    other: "I'm having trouble editing the image right now. Please try again in a moment.",
  },
  /** An image or video thumbnail that could not be fetched or used for an edit. */
  fetchFailed:
    'I had trouble processing the YouTube thumbnail due to browser security restrictions. Please try again - the system will attempt to use a proxy to fetch the image.',
} as const;

export const GEMINI_TEXTS = {
  notConfigured: 'Gemini API key not configured. Please add GEMINI_API_KEY to your environment variables.',
  generate: {
    keyMention:
      'I need a Gemini API key to generate images. Please add your GEMINI_API_KEY to your environment variables.',
    policy: "I can't generate that image as it may violate content policies. Please try a different prompt.",
    noImage: 'No image was generated. Please try again with a different prompt.',
    otherPrefix: 'Error generating image: ',
  },
  edit: {
    keyMention:
      'I need a Gemini API key to edit images. Please add your GEMINI_API_KEY to your environment variables.',
    policy:
      "I can't edit the image with that prompt as it may violate content policies. Please try a different prompt.",
    noImage: 'No edited image was generated. Please try again with a different prompt.',
    otherPrefix: 'Error editing image: ',
  },
  unknownError: 'Unknown error occurred',
} as const;

/** An edit with no usable source image. */
export const NO_EDIT_IMAGES_TEXT =
  'No valid images available for editing. Please ensure images are in base64 format.';

/**
 * The missing-key texts where the key is the creator's own, set in their browser: they point to
 * the settings where it is added, not to a server setting.
 */
export const OWN_KEY_MISSING_TEXTS = {
  openai: {
    generate:
      'I need an OpenAI API key to generate images. Please add your OpenAI API key in Settings → Your own API keys.',
    edit: 'I need an OpenAI API key to edit images. Please add your OpenAI API key in Settings → Your own API keys.',
  },
  gemini: {
    notConfigured:
      'Gemini API key not configured. Please add your Gemini API key in Settings → Your own API keys.',
    generate:
      'I need a Gemini API key to generate images. Please add your Gemini API key in Settings → Your own API keys.',
    edit: 'I need a Gemini API key to edit images. Please add your Gemini API key in Settings → Your own API keys.',
  },
} as const;
