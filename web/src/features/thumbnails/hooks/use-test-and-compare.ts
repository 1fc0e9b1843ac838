import { useQueryClient } from '@tanstack/react-query';
import { compareZipName, MAX_COMPARE_TITLES } from '@thumbnail-studio/contract';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { saveBlob } from '../../../utils/save-blob';
import { compareTestsQueryKey, saveCompareTest } from '../api/compare-tests';
import { exportTestAndCompare } from '../api/export-test-and-compare';
import { isCompareSet } from '../utils/compare-status';

/**
 * A thumbnail chosen for Test & Compare: its message, which of the message's images (its
 * variations), and the prompt the zip may be named after.
 */
export interface CompareChoice {
  id: string;
  index: number;
  prompt: string | null;
}

const sameImage = (a: Pick<CompareChoice, 'id' | 'index'>) => (b: Pick<CompareChoice, 'id' | 'index'>) =>
  a.id === b.id && a.index === b.index;

/**
 * The gallery's Test & Compare mode: thumbnails chosen in order (numbered from 1 as chosen,
 * renumbered when one is unselected), up to 3 titles to try beside them, and the download of
 * their zip, busy while it runs, which also saves the test for its winner to be recorded.
 */
export function useTestAndCompare() {
  const [active, setActive] = useState(false);
  const [chosen, setChosen] = useState<CompareChoice[]>([]);
  const [busy, setBusy] = useState(false);
  // The titles to try beside the thumbnails: as many boxes as YouTube takes, blank ones unused.
  const [titles, setTitles] = useState<string[]>(() => Array.from({ length: MAX_COMPARE_TITLES }, () => ''));
  const queryClient = useQueryClient();
  // A second press before the busy state renders must not start a second download.
  const running = useRef(false);

  const toggle = useCallback(
    (image: CompareChoice) =>
      setChosen((list) =>
        list.some(sameImage(image)) ? list.filter((choice) => !sameImage(image)(choice)) : [...list, image],
      ),
    [],
  );

  const positionOf = (id: string, index: number): number | undefined => {
    const at = chosen.findIndex(sameImage({ id, index }));
    return at < 0 ? undefined : at + 1;
  };

  const download = async () => {
    if (running.current || !isCompareSet(chosen.length)) return;
    running.current = true;
    setBusy(true);
    try {
      const images = chosen.map((choice) => ({ message_id: choice.id, index: choice.index }));
      const named = titles.map((title) => title.trim()).filter(Boolean);
      const zip = await exportTestAndCompare(images, named);
      saveBlob(zip, compareZipName(chosen[0]?.prompt));
      // The test is kept, so its winner can be recorded once YouTube has picked it.
      await saveCompareTest({ images, titles: named });
      await queryClient.invalidateQueries({ queryKey: compareTestsQueryKey });
      toast.success('Test saved. Record its winner under Your tests once YouTube picks it.');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return {
    active,
    /** Starts choosing, or stops and forgets the choice. */
    setActive: (on: boolean) => {
      setActive(on);
      if (!on) setChosen([]);
    },
    chosen,
    titles,
    setTitle: (at: number, title: string) =>
      setTitles((list) => list.map((each, index) => (index === at ? title : each))),
    positionOf,
    toggle,
    download,
    busy,
  };
}

export type TestAndCompare = ReturnType<typeof useTestAndCompare>;
