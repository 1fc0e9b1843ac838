import {
  BRAND_KIT_TEXTS,
  type BrandKit,
  DEFAULT_BRAND_KIT,
  type putBrandKitBodySchema,
} from '@thumbnail-studio/contract';
import type * as z from 'zod/mini';
import { deleteBlobs, keepBlobs, putBlob, signedGetUrl } from '../adapters/blob-store';
import { getBrandKitByUser, putBrandKit, type StoredBrandKit, type StoredLogo } from '../data/brand-kit-repo';
import { BadRequestError, ConflictError } from '../lib/errors';
import { newId } from '../lib/ids';
import { reencodeUntrusted } from '../lib/images';
import { discardUploads, readUpload } from './references';

/** Where a creator's logo images are kept: their own prefix, as model photos are. */
export const logoPrefix = (userId: string) => `brand/${userId}/`;

/** A logo is kept this large at most: its largest placement is 30% of the 1280 px frame. */
const LOGO_MAX_EDGE = 512;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** Whether the bytes start as a PNG or a WebP file: the only logos taken (both keep transparency). */
const isPngOrWebp = (bytes: Uint8Array) =>
  (bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG') ||
  (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP');

/**
 * Turns one of the creator's own uploads into their logo: a PNG or WebP only, decoded and
 * re-encoded as PNG (no metadata, at most 512 px a side), stored pending under their prefix.
 */
async function storeLogo(
  userId: string,
  upload: string,
): Promise<Pick<StoredLogo, 'key' | 'width' | 'height'>> {
  const bytes = await readUpload(userId, upload);
  if (!isPngOrWebp(bytes)) throw new BadRequestError(BRAND_KIT_TEXTS.logoType);
  const png = await reencodeUntrusted(bytes, (image) =>
    image.resize(LOGO_MAX_EDGE, LOGO_MAX_EDGE, { fit: 'inside', withoutEnlargement: true }).png(),
  );
  const key = `${logoPrefix(userId)}${newId()}.png`;
  await putBlob(key, png, 'image/png', { pending: true });
  // A PNG's header gives its width and height at bytes 16 and 20.
  const header = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { key, width: header.getUint32(16), height: header.getUint32(20) };
}

/** A stored kit as the API answers it: the logo's key signed into a short-lived URL. */
async function viewBrandKit({ fonts, colours, style, logo }: StoredBrandKit): Promise<BrandKit> {
  if (!logo) return { fonts, colours, style, logo: null };
  const { key, ...placement } = logo;
  return { fonts, colours, style, logo: { ...placement, url: await signedGetUrl(key) } };
}

/** The creator's brand kit; one who never saved one has the default kit. */
export async function getBrandKit(userId: string): Promise<BrandKit> {
  const kit = await getBrandKitByUser(userId);
  return kit ? viewBrandKit(kit) : DEFAULT_BRAND_KIT;
}

/**
 * Stores the creator's whole kit. A new logo image is made from their upload first and kept only
 * once the kit naming it is stored; the logo image it replaces (or that was removed) is deleted.
 * Two saves at once: the second is refused with 409 rather than losing a logo.
 */
export async function saveBrandKit(
  userId: string,
  { logo: placement, ...kit }: z.infer<typeof putBrandKitBodySchema>,
): Promise<BrandKit> {
  const current = await getBrandKitByUser(userId);
  const upload = placement?.upload ?? null;
  if (placement && !upload && !current?.logo) throw new BadRequestError(BRAND_KIT_TEXTS.noLogo);
  const image = upload ? await storeLogo(userId, upload) : current?.logo;
  const logo = placement && image ? { ...image, ...placementOf(placement) } : null;
  const dropNewLogo = () => (upload && image ? deleteBlobs([image.key]) : Promise.resolve());
  const stored = await putBrandKit(userId, { ...kit, logo }, current?.version).catch(
    async (error: unknown) => {
      await dropNewLogo();
      throw error;
    },
  );
  if (!stored) {
    await dropNewLogo();
    throw new ConflictError(BRAND_KIT_TEXTS.changedMeanwhile);
  }
  if (upload && image) {
    await keepBlobs([image.key]);
    await discardUploads(userId, [upload]);
  }
  if (current?.logo && current.logo.key !== logo?.key) await deleteBlobs([current.logo.key]);
  return viewBrandKit(stored);
}

const placementOf = ({ corner, size, add_logo }: Pick<StoredLogo, 'corner' | 'size' | 'add_logo'>) => ({
  corner,
  size,
  add_logo,
});
