import type { CompareTest } from '@thumbnail-studio/contract';
import { Sparkles, Trophy } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { moreLikePath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { formatRelativeDate } from '../../../utils/relative-date';
import { useRecordWinner } from '../api/compare-tests';

/**
 * The creator's saved Test & Compare tests, newest first: what each tried and, once YouTube has
 * picked it, the winner they recorded (which they can record again).
 */
export function CompareTests({ tests }: { tests: readonly CompareTest[] }) {
  return (
    <section aria-labelledby="tests-title" className="flex flex-col gap-3">
      <h2 id="tests-title" className="text-base font-semibold text-zinc-50">
        Your tests
      </h2>
      <ul className="grid gap-3 lg:grid-cols-2">
        {tests.map((test) => (
          <li key={test.id}>
            <CompareTestCard test={test} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CompareTestCard({ test }: { test: CompareTest }) {
  const [recording, setRecording] = useState(false);
  const label = `Test of ${formatRelativeDate(test.created_at)}`;
  const winnerImage = test.winner ? test.images[test.winner.image] : undefined;
  return (
    <article
      aria-label={label}
      className="flex flex-col gap-3 rounded-2xl border border-zinc-800 bg-zinc-900 p-3"
    >
      <p className="text-xs text-zinc-400">
        <time dateTime={test.created_at}>{formatRelativeDate(test.created_at)}</time>
      </p>
      <ol className="grid grid-cols-3 gap-2">
        {test.images.map((image, at) => (
          <li key={`${image.message_id}#${image.index}`} className="relative flex flex-col gap-1">
            {image.image_url ? (
              <img
                src={image.image_url}
                alt={`Thumbnail ${at + 1}: ${image.prompt ?? 'Generated thumbnail'}`}
                crossOrigin="anonymous"
                className="aspect-video w-full rounded-lg bg-zinc-800 object-cover"
              />
            ) : (
              <p className="flex aspect-video items-center justify-center rounded-lg bg-zinc-800 px-1 text-center text-xs text-zinc-400">
                Thumbnail {at + 1} was deleted
              </p>
            )}
            <span
              aria-hidden="true"
              className="absolute top-1 left-1 rounded-md bg-zinc-950/80 px-1.5 text-xs font-semibold text-zinc-50"
            >
              {at + 1}
            </span>
            {test.winner?.image === at && <WinnerMark />}
          </li>
        ))}
      </ol>
      {test.titles.length > 0 && (
        <ol aria-label="Titles tested" className="flex flex-col gap-1 text-sm text-zinc-200">
          {test.titles.map((title, at) => (
            <li key={title} className="flex items-center gap-2">
              <span className="text-zinc-400">{at + 1}.</span> {title}
              {test.winner?.title === at && <WinnerMark />}
            </li>
          ))}
        </ol>
      )}
      {test.winner && !recording ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-200">
          <p>
            Winner: thumbnail {test.winner.image + 1}
            {test.winner.title !== null && `, title ${test.winner.title + 1}`}
            {test.winner.watch_time_share !== null && ` (${test.winner.watch_time_share}% of watch time)`}
          </p>
          <Button variant="ghost" size="sm" onClick={() => setRecording(true)}>
            Change
          </Button>
          {winnerImage?.image_url && (
            <Link
              href={moreLikePath(winnerImage.message_id, winnerImage.index)}
              className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-accent-600 px-3 text-sm font-medium text-white hover:bg-accent-700"
            >
              <Sparkles aria-hidden="true" className="size-4" /> More like the winner
            </Link>
          )}
        </div>
      ) : recording || !test.winner ? (
        <WinnerForm test={test} onDone={() => setRecording(false)} />
      ) : null}
    </article>
  );
}

function WinnerMark() {
  return (
    <span className="inline-flex w-fit items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-zinc-950">
      <Trophy aria-hidden="true" className="size-3.5" /> Winner
    </span>
  );
}

/** Records the winner YouTube picked: a thumbnail, a title when titles were tried, the watch time share. */
function WinnerForm({ test, onDone }: { test: CompareTest; onDone(): void }) {
  const record = useRecordWinner();
  const [image, setImage] = useState<number | null>(test.winner?.image ?? null);
  const [title, setTitle] = useState<number | null>(test.winner?.title ?? null);
  const [share, setShare] = useState(test.winner?.watch_time_share?.toString() ?? '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (image === null) return;
    try {
      await record.mutateAsync({
        id: test.id,
        winner: { image, title, watch_time_share: share.trim() === '' ? null : Number(share) },
      });
      onDone();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const choice = (name: string, count: number, chosen: number | null, choose: (at: number) => void) => (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="mb-1 text-xs text-zinc-400">Winning {name}</legend>
      {Array.from({ length: count }, (_, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: each choice is the test's item of that number
        <label key={at} className="inline-flex items-center gap-1.5 text-sm text-zinc-200">
          <input
            type="radio"
            name={`${test.id}-${name}`}
            checked={chosen === at}
            onChange={() => choose(at)}
            className="accent-accent-500"
          />
          {`${name[0]?.toUpperCase()}${name.slice(1)} ${at + 1}`}
        </label>
      ))}
    </fieldset>
  );
  return (
    <form aria-label="Record the winner" onSubmit={submit} className="flex flex-col gap-2">
      {choice('thumbnail', test.images.length, image, setImage)}
      {test.titles.length > 0 && choice('title', test.titles.length, title, setTitle)}
      <label className="flex items-center gap-2 text-sm text-zinc-200">
        Watch time share (%, optional)
        <input
          type="number"
          min={0}
          max={100}
          step="0.1"
          value={share}
          onChange={(event) => setShare(event.target.value)}
          className="h-8 w-24 rounded-lg border border-zinc-700 bg-zinc-950 px-2 text-sm text-zinc-100 focus-visible:outline-2 focus-visible:outline-accent-500"
        />
      </label>
      <Button
        type="submit"
        size="sm"
        className="self-start"
        busy={record.isPending}
        disabled={image === null}
      >
        Record the winner
      </Button>
    </form>
  );
}
