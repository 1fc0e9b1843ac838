import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** A photo to upload, as Playwright's setInputFiles takes it. */
export interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Uploads a person model from the open Manage Models dialog, the first photo its primary one. */
export async function uploadModel(page: Page, name: string, photos: PhotoFile[]) {
  const manage = page.getByRole('dialog', { name: 'Manage Models' });
  await manage.getByRole('button', { name: 'Upload New Model' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload New Model' });
  await upload.getByLabel('Name').fill(name);
  await upload.getByLabel('Add photos').setInputFiles(photos);
  await expect(upload.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(photos.length);
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden({ timeout: 15_000 });
  await expect(manage.getByRole('list', { name: 'Your models' })).toContainText(name);
}
