import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, statusOf, unwrap } from './client';
import type { operations } from './openapi.gen';
import { queryKeys } from './query-keys';
import type { StashThread } from '../lib/thread-lists';
import type { OwnedThread, ShoppingList } from './schemas';

type FabricField = NonNullable<NonNullable<operations['getShoppingList']['parameters']['query']>['fabric']>;
const fabricField = (count: number) => String(count) as FabricField;

/** The signed-in user's threads of every brand: by brand, then in number order. */
export function useOwnedThreads({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.ownedThreads,
    enabled,
    // Read afresh when the page opens: another tab or device may have changed the list.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: (count, error) => statusOf(error) !== 401 && count < 2,
    queryFn: async () => unwrap(await api.GET('/api/threads/owned')),
  });
}

/**
 * Stores the whole list (the server replaces it in one step) and, once stored, keeps the answer as the
 * cached list and marks every shopping list stale.
 */
export function useSaveOwnedThreads(): (threads: readonly StashThread[]) => Promise<OwnedThread[]> {
  const queryClient = useQueryClient();
  return useCallback(
    async (threads) => {
      const stored = unwrap(await api.PUT('/api/threads/owned', { body: threads.map(({ brand, code, skeins }) => ({ brand, code, skeins })) }));
      queryClient.setQueryData(queryKeys.ownedThreads, stored);
      void queryClient.invalidateQueries({ queryKey: queryKeys.shoppingList.all });
      return stored;
    },
    [queryClient],
  );
}

/** A project's shopping list on a fabric: skeins needed, owned and to buy per thread. */
export function useShoppingList(projectId: string, fabric: number) {
  return useQuery({
    queryKey: queryKeys.shoppingList.of(projectId, fabric),
    // The owned threads or the chart may have changed on another page: read again on each visit.
    staleTime: 0,
    placeholderData: keepPreviousData, // the last fabric's table stays while another fabric's is read
    retry: (count, error) => statusOf(error) !== 404 && statusOf(error) !== 401 && count < 2,
    queryFn: async () => {
      const result = await api.GET('/api/stitch/projects/{id}/shopping-list', { params: { path: { id: projectId }, query: { fabric: fabricField(fabric) } } });
      return unwrap(result) as ShoppingList; // the JSON answer: the contract's other one is the CSV text, asked for by format=csv
    },
  });
}

/** The shopping list as the server's CSV file, with the name it gives it. */
export function useShoppingListCsv(projectId: string) {
  return useMutation({
    mutationFn: async (fabric: number): Promise<{ blob: Blob; filename: string }> => {
      const result = await api.GET('/api/stitch/projects/{id}/shopping-list', {
        params: { path: { id: projectId }, query: { format: 'csv', fabric: fabricField(fabric) } },
        parseAs: 'blob',
      });
      const blob: Blob = unwrap(result);
      const filename = /filename="([^"]+)"/.exec(result.response.headers.get('content-disposition') ?? '')?.[1] ?? 'shopping-list.csv';
      return { blob, filename };
    },
  });
}
