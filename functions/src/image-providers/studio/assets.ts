import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The offline studio's files: emojilib's keyword list and the Twemoji illustrations (CC-BY 4.0);
 * its text is drawn in the shipped text fonts (lib/fonts.ts). They are read from their packages, found from this module the way
 * Node resolves an import: beside the source when run unbundled (tsx, vitest), and in the
 * `node_modules` installed beside a Lambda bundle that loads the studio
 * (`STUDIO_ASSET_MODULES` in infra/src/native-modules.ts). Nothing is read until an offline
 * image is made, so cold starts of other work pay nothing for them.
 */
export const STUDIO_ASSET_FILES = {
  keywords: 'emojilib/dist/emoji-en-US.json',
  /** Any file of the package, to find its folder: the SVGs are named by code point (`1f431.svg`). */
  emoji: '@twemoji/svg/package.json',
} as const;

const resolveFromHere = createRequire(import.meta.url);
/** The file's path, resolved as an import from here would be. */
export const studioAssetPath = (file: keyof typeof STUDIO_ASSET_FILES): string =>
  resolveFromHere.resolve(STUDIO_ASSET_FILES[file]);

/** An emoji and its keywords, the first being its name (`cat_face`), as emojilib lists them. */
export type EmojiKeywords = Record<string, string[]>;

let keywords: Promise<EmojiKeywords> | undefined;
/** emojilib's emoji → keywords list, read once. */
export function loadEmojiKeywords(): Promise<EmojiKeywords> {
  keywords ??= readFile(studioAssetPath('keywords'), 'utf8').then(
    (text) => JSON.parse(text) as EmojiKeywords,
  );
  keywords.catch(() => {
    keywords = undefined;
  });
  return keywords;
}

/** The Twemoji SVG named `<code point>.svg`, e.g. `1f431`; undefined when there is none. */
export async function readEmojiSvg(codePoints: string): Promise<string | undefined> {
  if (!/^[0-9a-f]+(-[0-9a-f]+)*$/.test(codePoints)) return undefined;
  return readFile(join(dirname(studioAssetPath('emoji')), `${codePoints}.svg`), 'utf8').catch(
    () => undefined,
  );
}
