import { expect, type Locator, type Page } from '@playwright/test';

/** The gallery: every thumbnail the user made, newest first, each with its actions. */
export class GalleryPage {
  constructor(readonly page: Page) {}

  /** Opens it from the chat's header. */
  async openFromHeader() {
    await this.page.getByRole('link', { name: 'Gallery' }).click();
    await expect(this.page.getByRole('heading', { name: 'Gallery' })).toBeVisible();
  }

  cards() {
    return this.page.getByRole('list', { name: 'Your thumbnails' }).getByRole('listitem');
  }

  card(prompt: string) {
    return this.cards().filter({ has: this.page.getByRole('article', { name: `Thumbnail: ${prompt}` }) });
  }

  /** The header's switch of the Test & Compare mode. */
  compareMode() {
    return this.page.getByRole('button', { name: 'Test & Compare' });
  }

  /** In Test & Compare mode: the checkbox that chooses a thumbnail; its description is its number. */
  compareCheckbox(prompt: string) {
    return this.card(prompt).getByRole('checkbox', { name: `Choose for Test & Compare: ${prompt}` });
  }

  compareBar() {
    return this.page.getByRole('region', { name: 'Test & Compare' });
  }

  compareStatus() {
    return this.compareBar().getByRole('status');
  }

  downloadZip() {
    return this.compareBar().getByRole('button', { name: 'Download zip' });
  }
}

/** The share action of one image (in the chat or the gallery): a menu that copies or revokes its link. */
export class ShareMenu {
  constructor(
    readonly page: Page,
    readonly scope: Locator,
  ) {}

  trigger() {
    return this.scope.getByRole('button', { name: /^(Share|Shared|Copied!)$/ });
  }

  /** Makes (or copies again) the public link; the button then reads 'Copied!'. */
  async copyLink() {
    await this.trigger().click();
    await this.page.getByRole('menuitem', { name: /^Copy (public )?link$/ }).click();
    await expect(this.trigger()).toHaveText('Copied!');
  }

  async stopSharing() {
    await this.trigger().click();
    await this.page.getByRole('menuitem', { name: 'Stop sharing' }).click();
    await expect(this.trigger()).toHaveText('Share');
  }
}
