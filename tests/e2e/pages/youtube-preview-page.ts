import { expect, type Locator, type Page } from '@playwright/test';

/** The layouts the preview draws, by the name of their region, with the size YouTube gives them. */
export const PREVIEW_LAYOUTS = [
  { region: 'Home, 360x202', width: 360, height: 202 },
  { region: 'Search, 360x202', width: 360, height: 202 },
  { region: 'Up next, 168x94', width: 168, height: 94 },
  { region: 'Phone, 390x219', width: 390, height: 219 },
] as const;

/** The 'Preview on YouTube' dialog of one image, opened from its scope (a chat message or a gallery card). */
export class YouTubePreviewPage {
  constructor(
    readonly page: Page,
    readonly scope: Locator,
  ) {}

  opener() {
    return this.scope.getByRole('button', { name: 'Preview on YouTube' });
  }

  dialog() {
    return this.page.getByRole('dialog', { name: 'Preview on YouTube' });
  }

  async open() {
    await this.opener().click();
    await expect(this.dialog()).toBeVisible();
  }

  layout(region: string) {
    return this.dialog().getByRole('region', { name: region });
  }

  /** The creator's thumbnail in a layout. */
  yourThumbnail(region: string) {
    return this.layout(region).getByRole('img', { name: 'Your thumbnail' });
  }

  linkedThumbnail(region: string, videoId: string) {
    return this.layout(region).getByRole('img', { name: `Linked video ${videoId}` });
  }

  field(name: 'Video title' | 'Channel name' | 'Duration') {
    return this.dialog().getByRole('textbox', { name });
  }

  async chooseTheme(name: 'Light' | 'Dark') {
    await this.dialog().getByRole('button', { name }).click();
    await expect(this.dialog().getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
  }

  /** The background colour of the YouTube page the layouts are drawn on. */
  pageBackground() {
    return this.dialog()
      .getByTestId('youtube-page')
      .evaluate(
        (element) =>
          (
            globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
          ).getComputedStyle(element).backgroundColor,
      );
  }

  /** One item of the readiness check ('Duration badge', 'Clutter'…), its words and its fix. */
  readinessItem(label: string) {
    return this.dialog().getByRole('listitem', { name: label });
  }

  /** The readiness check's outlines on the creator's thumbnail, in every layout. */
  outlines() {
    return this.dialog().getByTestId('readiness-outline');
  }
}
