import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';

const providerSchema = z.object({ id: z.string(), label: z.string() });
const responseSchema = z.object({ providers: z.array(providerSchema), default: z.string().optional() });

export type ProviderOption = z.infer<typeof providerSchema>;
export type ProviderList = z.infer<typeof responseSchema>;

/** The image providers the backend can use right now: those with keys, or the offline one. */
export const getProviders = (): Promise<ProviderList> => api.get('/api/providers', responseSchema);

export const useProviders = () =>
  useQuery({ queryKey: ['providers'], queryFn: getProviders, staleTime: 5 * 60_000 });
