import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FontId } from '@thumbnail-studio/contract';
import { type FontStack, fontFiles, parseFontStack } from '@thumbnail-studio/typeset';

const resolveFromHere = createRequire(import.meta.url);

const stacks = new Map<FontId, Promise<FontStack>>();

/**
 * A text font's outlines, read from its Fontsource package and parsed once per process. The
 * files are found as an import from here would be: in the repository's node_modules when run
 * unbundled, and in the node_modules installed beside a Lambda bundle that draws text
 * (`FONT_MODULES` in infra/src/native-modules.ts). Nothing is read before text is drawn.
 */
export function loadFontStack(id: FontId): Promise<FontStack> {
  let stack = stacks.get(id);
  if (!stack) {
    stack = Promise.all(
      fontFiles(id).map(async (file) => {
        const bytes = await readFile(resolveFromHere.resolve(file));
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      }),
    ).then(parseFontStack);
    stacks.set(id, stack);
    stack.catch(() => stacks.delete(id));
  }
  return stack;
}
