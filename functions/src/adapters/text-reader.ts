import path from 'node:path';
import type { Worker } from 'tesseract.js';
import type { ReadWord } from '../core/legibility';

/**
 * How text is looked for: `page` finds every word wherever it sits (sparse text, the layout of
 * a thumbnail: words around a picture), `word` reads an image cut around one word.
 */
export type ReadMode = 'page' | 'word';

/** Tesseract's page segmentation mode for each (11: sparse text; 8: a single word). */
const SEGMENTATION: Record<ReadMode, string> = { page: '11', word: '8' };

/**
 * English text recognition (tesseract.js, WebAssembly) with the language data its npm package
 * ships: nothing is downloaded or cached at run time, so it works offline and on Lambda's
 * read-only disk. One recogniser per mode (a mode is a recogniser-wide setting, and reads of
 * several jobs may interleave), each started on first use and then kept for later reads.
 */
const readers: Partial<Record<ReadMode, Promise<Worker>>> = {};

async function startReader(mode: ReadMode): Promise<Worker> {
  // Both imported (not resolved by path), so a bundle knows to install them beside itself.
  const [{ createWorker, OEM }, { default: eng }] = await Promise.all([
    import('tesseract.js'),
    import('@tesseract.js-data/eng'),
  ]);
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    // The integer "best" model beside the package's default: as accurate on thumbnail text,
    // and quicker to load and run.
    langPath: path.join(path.dirname(eng.langPath), '4.0.0_best_int'),
    gzip: true,
    cacheMethod: 'none',
    logger: () => undefined,
    errorHandler: () => undefined,
  });
  await worker.setParameters({ tessedit_pageseg_mode: SEGMENTATION[mode] as never });
  return worker;
}

/** The words OCR reads in an image (PNG or JPEG bytes), with where each sits in it. */
export async function readWords(image: Uint8Array, mode: ReadMode): Promise<ReadWord[]> {
  readers[mode] ??= startReader(mode).catch((error) => {
    delete readers[mode];
    throw error;
  });
  const { data } = await (await readers[mode]).recognize(Buffer.from(image), {}, { blocks: true });
  return (data.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.flatMap((line) =>
        line.words.map((word) => ({ text: word.text, confidence: word.confidence, box: word.bbox })),
      ),
    ),
  );
}

/** Ends the recognisers' threads (tests and tools; a Lambda keeps them for the next job). */
export async function stopTextReader(): Promise<void> {
  const running = Object.values(readers);
  for (const mode of Object.keys(readers) as ReadMode[]) delete readers[mode];
  await Promise.all(running.map(async (reader) => (await reader?.catch(() => undefined))?.terminate()));
}
