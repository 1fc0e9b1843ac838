import { PROMPT_ID } from '../../features/chat/components/chat-input';

/** The first stop for the keyboard, shown only when focused: it jumps past the sidebar and header to the message box. */
export function SkipToPrompt() {
  return (
    <a
      href={`#${PROMPT_ID}`}
      onClick={(event) => {
        // Focus, not just scroll: the fragment alone leaves the focus where it was in some browsers.
        event.preventDefault();
        document.getElementById(PROMPT_ID)?.focus();
      }}
      className="sr-only rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      Skip to prompt
    </a>
  );
}
