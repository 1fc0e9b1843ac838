import { MAX_COMPARE_TITLES, MAX_VIDEO_TITLE_LENGTH } from '@thumbnail-studio/contract';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { TestAndCompare } from '../hooks/use-test-and-compare';
import { compareStatus, isCompareSet } from '../utils/compare-status';

/**
 * The gallery's Test & Compare bar: what it makes, how many thumbnails are chosen and what to do
 * next, the titles to test beside them, and the zip's download (only for 2 or 3; busy while it runs).
 */
export function CompareBar({ compare }: { compare: TestAndCompare }) {
  return (
    <section
      aria-labelledby="compare-title"
      className="sticky top-0 z-10 flex flex-wrap items-center gap-3 rounded-2xl border border-accent-500 bg-zinc-900 p-3 shadow-lg"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <h2 id="compare-title" className="text-sm font-semibold text-zinc-50">
          Test & Compare
        </h2>
        <p className="text-xs text-zinc-400">
          One zip of YouTube-ready 1280x720 JPEGs, each under 2 MB, numbered in the order you choose them, for
          YouTube Studio's Test & Compare.
        </p>
        <p id="compare-status" role="status" className="text-sm text-zinc-200">
          {compareStatus(compare.chosen.length)}
        </p>
        <fieldset className="mt-1 flex flex-col gap-1.5">
          <legend className="mb-1 text-xs text-zinc-400">
            Titles to test beside them (optional, up to {MAX_COMPARE_TITLES})
          </legend>
          {compare.titles.map((title, at) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: each box is the title of its number
              key={at}
              aria-label={`Title ${at + 1}`}
              value={title}
              maxLength={MAX_VIDEO_TITLE_LENGTH}
              placeholder={`Title ${at + 1}`}
              onChange={(event) => compare.setTitle(at, event.target.value)}
              className="h-9 w-full max-w-md rounded-lg border border-zinc-700 bg-zinc-950 px-3 text-sm text-zinc-100 placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-accent-500"
            />
          ))}
        </fieldset>
      </div>
      <Button
        busy={compare.busy}
        disabled={!isCompareSet(compare.chosen.length)}
        aria-describedby="compare-status"
        onClick={() => void compare.download()}
      >
        {!compare.busy && <Download aria-hidden="true" className="size-4" />} Download zip
      </Button>
    </section>
  );
}
