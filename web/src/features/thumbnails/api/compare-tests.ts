import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CompareTest,
  type CompareTestBody,
  type CompareWinnerBody,
  endpoints,
} from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';

/** The caller's Test & Compare tests, newest first. */
export const compareTestsQueryKey = ['compare-tests'] as const;

export function useCompareTests() {
  return useQuery({
    queryKey: compareTestsQueryKey,
    queryFn: async () => (await callApi(endpoints.listCompareTests)).tests,
  });
}

/** Saves a test of the thumbnails and titles just exported; the list shows it first. */
export async function saveCompareTest(body: CompareTestBody): Promise<CompareTest> {
  return (await callApi(endpoints.createCompareTest, { body })).test;
}

/** Records a test's winner; the list and the gallery's winner marks follow. */
export function useRecordWinner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, winner }: { id: string; winner: CompareWinnerBody }) =>
      (await callApi(endpoints.recordCompareWinner, { params: { id }, body: winner })).test,
    onSuccess: (test) =>
      queryClient.setQueryData<CompareTest[]>(compareTestsQueryKey, (tests) =>
        tests?.map((each) => (each.id === test.id ? test : each)),
      ),
  });
}

/** The images that won a test, as `<message id>#<index>`. */
export function winningImages(tests: readonly CompareTest[] | undefined): Set<string> {
  return new Set(
    (tests ?? []).flatMap((test) => {
      const image = test.winner ? test.images[test.winner.image] : undefined;
      return image ? [`${image.message_id}#${image.index}`] : [];
    }),
  );
}
