import { useQuery } from '@tanstack/react-query';
import { endpoints, type PersonModel } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { modelsQueryKey } from './model-cache';
import { requireSession } from './require-session';

/** The caller's person models, oldest first. */
export async function getModels(): Promise<PersonModel[]> {
  await requireSession();
  const { models } = await callApi(endpoints.listModels);
  return models;
}

export const useModels = () => useQuery({ queryKey: modelsQueryKey, queryFn: getModels });
