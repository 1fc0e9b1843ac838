import { useQuery } from '@tanstack/react-query';
import { endpoints, type ProviderList } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';

/** The image providers the backend can use right now: those with keys, or the offline one. */
export const getProviders = (): Promise<ProviderList> => callApi(endpoints.listProviders);

export const useProviders = () =>
  useQuery({ queryKey: ['providers'], queryFn: getProviders, staleTime: 5 * 60_000 });
