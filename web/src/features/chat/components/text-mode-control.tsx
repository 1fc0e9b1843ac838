import type { TextMode } from '@thumbnail-studio/contract';
import { OWN_KEY_TEXT_MODE } from '../api/send-with-own-key';

interface TextModeControlProps {
  value: TextMode;
  onChange(value: TextMode): void;
  /**
   * Sends with the creator's own key are made in this browser, which cannot draw text layers yet:
   * their text is always drawn by the AI, and the choice is shown but fixed.
   */
  ownKey?: boolean;
}

const LABELS: Record<TextMode, string> = { layer: 'editable', model: 'drawn by AI' };

/** How the next message's quoted text is made: as layers the creator can edit for free, or by the AI. */
export function TextModeControl({ value, onChange, ownKey = false }: TextModeControlProps) {
  return (
    <div className="flex items-center gap-2 px-2 pt-1 text-xs text-zinc-300">
      <label htmlFor="chat-text-mode">Text</label>
      <select
        id="chat-text-mode"
        value={ownKey ? OWN_KEY_TEXT_MODE : value}
        disabled={ownKey}
        aria-describedby={ownKey ? 'chat-text-mode-note' : undefined}
        onChange={(event) => onChange(event.target.value as TextMode)}
        className="h-7 rounded-md border border-zinc-700 bg-zinc-900 px-1 text-zinc-100 focus-visible:outline-2 focus-visible:outline-accent-500 disabled:opacity-60"
      >
        {(Object.keys(LABELS) as TextMode[]).map((mode) => (
          <option key={mode} value={mode}>
            {LABELS[mode]}
          </option>
        ))}
      </select>
      {ownKey && <span id="chat-text-mode-note">With your own key the AI draws the text.</span>}
    </div>
  );
}
