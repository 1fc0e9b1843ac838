import { compareZipName } from '@thumbnail-studio/contract';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { saveBlob } from '../../../utils/save-blob';
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
 * renumbered when one is unselected) and the download of their zip, busy while it runs.
 */
export function useTestAndCompare() {
  const [active, setActive] = useState(false);
  const [chosen, setChosen] = useState<CompareChoice[]>([]);
  const [busy, setBusy] = useState(false);
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
      const zip = await exportTestAndCompare(
        chosen.map((choice) => ({ message_id: choice.id, index: choice.index })),
      );
      saveBlob(zip, compareZipName(chosen[0]?.prompt));
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
    positionOf,
    toggle,
    download,
    busy,
  };
}

export type TestAndCompare = ReturnType<typeof useTestAndCompare>;
