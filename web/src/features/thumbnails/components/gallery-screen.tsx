import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Columns3, ImagePlus } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { toViewMessage } from '../../../lib/to-view-message';
import { useCompareTests, winningImages } from '../api/compare-tests';
import { galleryQueryKey, useGallery } from '../api/get-gallery';
import { useTestAndCompare } from '../hooks/use-test-and-compare';
import { CompareBar } from './compare-bar';
import { CompareTests } from './compare-tests';
import { GalleryCard } from './gallery-card';

const LINK =
  'inline-flex h-9 shrink-0 items-center whitespace-nowrap gap-1.5 rounded-lg px-3 text-sm font-medium text-zinc-200 hover:bg-zinc-800 hover:text-zinc-50';

/**
 * Every thumbnail the user made, across conversations, newest first, as a grid of cards: each
 * variation of an answer is a card of its own. Above it, the creator's Test & Compare tests, whose
 * winners are marked in the grid too.
 */
export function GalleryScreen() {
  const gallery = useGallery();
  const queryClient = useQueryClient();
  const compare = useTestAndCompare();
  const tests = useCompareTests();
  const winners = winningImages(tests.data);
  // One card per image: every variation of an answer is a thumbnail of its own, in its order.
  const images = (gallery.data?.pages ?? [])
    .flatMap((page) => page.images)
    .map(toViewMessage)
    .flatMap((message) => message.images.map((image) => ({ message, image })));
  // Several previews expire together; they share one refetch of the pages loaded.
  const refresh = useCallback(
    () => queryClient.refetchQueries({ queryKey: galleryQueryKey }, { cancelRefetch: false }),
    [queryClient],
  );

  return (
    <div className="flex h-dvh flex-col">
      <header className="flex items-center gap-2 border-b border-zinc-800 bg-zinc-950 px-3 py-2 md:px-4">
        <Link href={paths.home} className={LINK}>
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to chat
        </Link>
        <h1 className="truncate text-lg font-semibold text-zinc-50">Gallery</h1>
        {images.length > 0 && (
          <Button
            variant={compare.active ? 'primary' : 'secondary'}
            size="sm"
            className="ml-auto"
            // A phone shows the name's last word, so the title keeps its room.
            aria-label="Test & Compare"
            aria-pressed={compare.active}
            onClick={() => compare.setActive(!compare.active)}
          >
            <Columns3 aria-hidden="true" className="size-4" />
            <span className="sm:hidden">Compare</span>
            <span className="hidden sm:inline">Test & Compare</span>
          </Button>
        )}
      </header>
      <main className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-4">
          {gallery.isPending && (
            <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-zinc-400">
              <Spinner /> Loading thumbnails...
            </p>
          )}
          {gallery.error && (
            <p role="alert" className="py-8 text-center text-sm text-red-300">
              {errorMessage(gallery.error)}
            </p>
          )}
          {gallery.isSuccess && images.length === 0 && (
            <div className="flex flex-col items-center gap-3 py-16 text-center text-zinc-300">
              <p>No thumbnails yet. Every image you make in a chat shows up here.</p>
              <Link href={paths.home} className={LINK}>
                <ImagePlus aria-hidden="true" className="size-4" /> Create a thumbnail
              </Link>
            </div>
          )}
          {compare.active && images.length > 0 && <CompareBar compare={compare} />}
          {tests.data && tests.data.length > 0 && <CompareTests tests={tests.data} />}
          {images.length > 0 && (
            <ul aria-label="Your thumbnails" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {images.map(({ message, image }) => (
                <GalleryCard
                  key={`${message.id}#${image.index}`}
                  message={message}
                  image={image}
                  onExpired={refresh}
                  winner={winners.has(`${message.id}#${image.index}`)}
                  compare={
                    compare.active
                      ? {
                          position: compare.positionOf(message.id, image.index),
                          onToggle: () =>
                            compare.toggle({ id: message.id, index: image.index, prompt: message.prompt }),
                        }
                      : undefined
                  }
                />
              ))}
            </ul>
          )}
          {gallery.hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              busy={gallery.isFetchingNextPage}
              onClick={() => void gallery.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </div>
      </main>
    </div>
  );
}
