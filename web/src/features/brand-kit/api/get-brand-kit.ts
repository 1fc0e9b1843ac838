import { useQuery } from '@tanstack/react-query';
import { type BrandKit, endpoints } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';

export const brandKitQueryKey = ['brand-kit'] as const;

/** The caller's brand kit: the default kit until they save one. */
export const getBrandKit = (): Promise<BrandKit> => callApi(endpoints.getBrandKit);

export const useBrandKit = () => useQuery({ queryKey: brandKitQueryKey, queryFn: getBrandKit });
