import {
  LEGIBILITY_EDIT_PROMPT,
  type Legibility,
  MAKE_READABLE,
  type TextLayer,
} from '@thumbnail-studio/contract';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';

interface LegibilityNoteProps {
  legibility: Legibility;
  /**
   * Makes the text read (offered on the newest image only): with `readable`, the image's text
   * layers fixed, as a free edit of the layers; without, as a paid edit of the picture.
   */
  onImproveText?(readable?: TextLayer[]): void;
}

const sizeName = ({ width, height }: { width: number; height: number }) => `${width}x${height}`;

/**
 * How the thumbnail's text reads where it will be seen, at full size and at the feed's sizes:
 * for text layers, judged from their size, contrast and place; for text the model drew, read back
 * by OCR after the image was made. Says nothing for an image without text.
 */
export function LegibilityNote({ legibility, onImproveText }: LegibilityNoteProps) {
  if (!legibility.text) return null;
  const [full, ...feed] = legibility.sizes;
  const lost = feed.filter((size) => !size.reads).map(sizeName);
  const where = legibility.hard_to_read.length > 0 ? ` (${legibility.hard_to_read.join(', ')})` : '';
  const verdict = legibility.reads_at_feed_size
    ? `The text reads at feed size (${feed.map(sizeName).join(' and ')}).`
    : full && !full.reads
      ? 'The text could not be read back, even at full size: check that it reads.'
      : `The text is hard to read at ${lost.join(' and ')}${where}.`;
  const Icon = legibility.reads_at_feed_size ? CircleCheck : CircleAlert;
  const readable = legibility.readable_layers;
  const how = readable
    ? 'Checked from the text’s size, contrast and place at the sizes YouTube shows it.'
    : 'Checked by reading the text back at the sizes YouTube shows it.';
  return (
    <section aria-label="Text legibility" className="flex flex-col items-start gap-2 px-1 text-sm">
      <p className="flex items-start gap-1.5">
        <Icon
          aria-hidden="true"
          className={`mt-0.5 size-4 shrink-0 ${legibility.reads_at_feed_size ? 'text-emerald-400' : 'text-amber-400'}`}
        />
        <span>
          {verdict} <span className="text-zinc-400">{how}</span>
        </span>
      </p>
      {!legibility.reads_at_feed_size && onImproveText && (
        <Button size="sm" variant="secondary" onClick={() => onImproveText(readable)}>
          {readable ? MAKE_READABLE : LEGIBILITY_EDIT_PROMPT}
        </Button>
      )}
    </section>
  );
}
