import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandKit, endpoints, type PutBrandKitBody } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { brandKitQueryKey } from '../../../lib/get-brand-kit';
import { uploadImage } from '../../../lib/upload-image';

/** A kit to save, and the new logo image picked for it, if any. */
export interface BrandKitSave {
  kit: PutBrandKitBody;
  logoFile?: File;
}

/** Saves the kit; a new logo image is uploaded first, and the kit names the upload. */
export async function saveBrandKit({ kit, logoFile }: BrandKitSave): Promise<BrandKit> {
  const upload = logoFile ? await uploadImage(logoFile) : null;
  const body = kit.logo ? { ...kit, logo: { ...kit.logo, upload } } : kit;
  return callApi(endpoints.putBrandKit, { body });
}

export function useSaveBrandKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBrandKit,
    onSuccess: (kit) => queryClient.setQueryData(brandKitQueryKey, kit),
  });
}
