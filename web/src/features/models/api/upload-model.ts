import { useMutation } from '@tanstack/react-query';
import { endpoints, type PersonModel } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { jsonBytes } from '../utils/photo-transport';
import { useModelCacheUpdates } from './model-cache';
import { preparePhotos } from './prepare-photos';
import { requireSession } from './require-session';

export interface UploadModelInput {
  name: string;
  /** The photos, the primary one first. */
  files: readonly File[];
}

/** Saves a new model: its name and photos (compressed in the browser); the first photo is primary. */
export async function uploadModel({ name, files }: UploadModelInput): Promise<PersonModel> {
  await requireSession();
  const trimmed = name.trim();
  const images = await preparePhotos(files, jsonBytes({ name: trimmed, images: [] }));
  const { model } = await callApi(endpoints.uploadModel, { body: { name: trimmed, images } });
  return model;
}

export function useUploadModel() {
  const cache = useModelCacheUpdates();
  return useMutation({ mutationFn: uploadModel, onSuccess: cache.put, onSettled: cache.invalidate });
}
