/**
 * Bundled like a handler and run inside a deployed function's asset folder by
 * deploy-synth.test.ts: draws Latin, Cyrillic and Greek text with each shipped font and finds a
 * keyword's emoji there, printing what it found, so the test sees text drawn as the bundle
 * would draw it in Lambda.
 */
import { FONT_IDS } from '@thumbnail-studio/contract';
import { layoutText, pathDataOf } from '@thumbnail-studio/typeset';
import { loadEmojiKeywords, readEmojiSvg } from '../../functions/src/image-providers/studio/assets';
import { loadFontStack } from '../../functions/src/lib/fonts';

const pathLengths: Record<string, number> = {};
for (const id of FONT_IDS) {
  const fonts = await loadFontStack(id);
  const layout = layoutText(fonts, 'HELLO ПРИВЕТ ΓΕΙΑ', {
    x: 0,
    y: 0,
    width: 1200,
    height: 300,
    maxSize: 80,
    minSize: 40,
  });
  pathLengths[id] = layout ? pathDataOf(fonts, layout).length : 0;
}
const keywords = await loadEmojiKeywords();
const cat = Object.keys(keywords).find((emoji) => keywords[emoji]?.[0] === 'cat_face');
const svg = await readEmojiSvg([...(cat ?? '')].map((c) => c.codePointAt(0)?.toString(16)).join('-'));
console.log(JSON.stringify({ pathLengths, catSvg: svg?.startsWith('<svg') ?? false }));
