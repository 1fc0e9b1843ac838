import {
  LIKENESS_EXPLAINER,
  LIKENESS_THRESHOLD,
  type Likeness,
  type PersonLikeness,
} from '@thumbnail-studio/contract';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';

interface LikenessNoteProps {
  likeness: Likeness;
  /** Asks again with the people's likeness first, naming those who fell short (the newest image only). */
  onRetry?(names: string[]): void;
}

/** Whether a person may not be recognised in the image: a low score, or no face for them at all. */
export const fallsShort = (person: PersonLikeness) =>
  person.score === null ? person.reason === 'no_face_in_image' : person.score < LIKENESS_THRESHOLD;

function describe(person: PersonLikeness): string {
  if (person.score !== null) return `${person.name} ${person.score}%`;
  return person.reason === 'no_face_in_photos'
    ? `${person.name}: no face found in their photos`
    : `${person.name}: no face found in the image`;
}

/**
 * How much each featured person looks like their photos in the thumbnail, found by comparing the
 * faces after the image was made. Says nothing when nobody was featured.
 */
export function LikenessNote({ likeness, onRetry }: LikenessNoteProps) {
  if (likeness.people.length === 0) return null;
  const short = likeness.people.filter(fallsShort);
  const Icon = short.length > 0 ? CircleAlert : CircleCheck;
  return (
    <section aria-label="Likeness" className="flex flex-col items-start gap-2 px-1 text-sm">
      <p className="flex items-start gap-1.5">
        <Icon
          aria-hidden="true"
          className={`mt-0.5 size-4 shrink-0 ${short.length > 0 ? 'text-amber-400' : 'text-emerald-400'}`}
        />
        <span>
          Likeness: {likeness.people.map(describe).join(' · ')}.{' '}
          <span className="text-zinc-400">{LIKENESS_EXPLAINER}</span>
        </span>
      </p>
      {short.length > 0 && onRetry && (
        <Button size="sm" variant="secondary" onClick={() => onRetry(short.map((person) => person.name))}>
          Retry with identity first
        </Button>
      )}
    </section>
  );
}
