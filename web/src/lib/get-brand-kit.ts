import { useQuery } from '@tanstack/react-query';
import { type BrandKit, endpoints } from '@thumbnail-studio/contract';
import { callApi } from './api-client';

export const brandKitQueryKey = ['brand-kit'] as const;

/** The caller's brand kit: the default kit until they save one. The kit's dialog edits it; the text editor's new layers take its style. */
export const getBrandKit = (): Promise<BrandKit> => callApi(endpoints.getBrandKit);

export const useBrandKit = () => useQuery({ queryKey: brandKitQueryKey, queryFn: getBrandKit });
