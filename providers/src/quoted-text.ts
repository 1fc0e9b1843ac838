/** Text in straight, curly or angle quotes: the words the creator wants on the thumbnail. */
const QUOTED = /"([^"]+)"|“([^”]+)”|«([^»]+)»/g;

/** The prompt's quoted text ('like "THIS"'), joined when there are several; undefined when none. */
export function quotedText(prompt: string): string | undefined {
  const parts = [...prompt.matchAll(QUOTED)].map((m) => (m[1] ?? m[2] ?? m[3] ?? '').trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** The prompt with each quoted text (quotes and all) replaced by `standIn`. */
export const replaceQuotedText = (prompt: string, standIn: string): string =>
  prompt.replace(QUOTED, (whole, ...parts: (string | undefined)[]) =>
    parts.slice(0, 3).some((part) => part?.trim()) ? standIn : whole,
  );
