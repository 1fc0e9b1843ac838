import { TEXT_MODES, type TextMode } from '@thumbnail-studio/contract';
import { useCallback, useState } from 'react';

const STORAGE_KEY = 'thumbnail-studio.text-mode';

const isTextMode = (value: unknown): value is TextMode => TEXT_MODES.some((mode) => mode === value);

function readStoredTextMode(): TextMode {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isTextMode(stored) ? stored : 'layer';
  } catch {
    return 'layer';
  }
}

/**
 * How the next sends make their quoted text: as editable layers (the default) or drawn by the
 * AI, remembered across visits as the provider is.
 */
export function useTextMode() {
  const [textMode, setStored] = useState<TextMode>(readStoredTextMode);
  const setTextMode = useCallback((next: TextMode) => {
    setStored(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Without storage the choice still holds for this visit.
    }
  }, []);
  return { textMode, setTextMode };
}
