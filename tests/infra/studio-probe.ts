/**
 * Bundled like a handler and run inside a deployed function's asset folder by
 * deploy-synth.test.ts: draws text with the shipped font and finds a keyword's emoji there,
 * printing what it found, so the test sees the studio work as the bundle would in Lambda.
 */
import { loadEmojiKeywords, loadFont, readEmojiSvg } from '../../functions/src/image-providers/studio/assets';
import { layoutText, pathDataOf } from '../../functions/src/image-providers/studio/text-paths';

const font = await loadFont();
const layout = layoutText(font, 'HELLO', { x: 0, y: 0, width: 800, height: 300, maxSize: 160, minSize: 80 });
const keywords = await loadEmojiKeywords();
const cat = Object.keys(keywords).find((emoji) => keywords[emoji]?.[0] === 'cat_face');
const svg = await readEmojiSvg([...(cat ?? '')].map((c) => c.codePointAt(0)?.toString(16)).join('-'));
console.log(
  JSON.stringify({
    family: font.getEnglishName('fontFamily'),
    pathLength: layout ? pathDataOf(font, layout).length : 0,
    catSvg: svg?.startsWith('<svg') ?? false,
  }),
);
