import { expect, type Page } from '@playwright/test';

export class AppPage {
  constructor(readonly page: Page) {}

  async expectSignedIn() {
    await expect(this.page.getByRole('heading', { name: 'Create Thumbnails' })).toBeVisible();
  }

  /** The signed-in screen's header, with its controls. */
  header() {
    return this.page.getByRole('banner');
  }

  /** The toasts on screen. */
  toasts() {
    return this.page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  }

  /** Picks a theme in the account menu ('System theme', 'Light theme' or 'Dark theme'). */
  async chooseTheme(name: string) {
    await this.page.getByRole('button', { name: 'Account menu' }).click();
    await this.page.getByRole('menuitemradio', { name }).click();
    await this.page.keyboard.press('Escape');
  }

  credits() {
    return this.page.getByRole('button', { name: /^\d+ credits?$/ });
  }

  conversationList() {
    return this.page.getByRole('navigation', { name: 'Conversations' });
  }

  /** The conversation entries, newest first; each one's first button selects it. */
  conversations() {
    return this.conversationList().getByRole('listitem');
  }

  selectConversation(index: number) {
    return this.conversations().nth(index).getByRole('button').first().click();
  }

  newConversation() {
    // The action button, not a list entry that happens to carry the default title.
    return this.page
      .locator('button')
      .filter({ hasText: /^New Conversation$/ })
      .click();
  }

  async deleteConversation(index: number) {
    await this.conversationList()
      .getByRole('button', { name: /^Delete conversation/ })
      .nth(index)
      .click();
    const dialog = this.page.getByRole('alertdialog').or(this.page.getByRole('dialog'));
    await expect(dialog.getByText('Are you sure you want to delete this conversation?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
  }

  messages() {
    return this.page.getByRole('log', { name: 'Messages' });
  }

  messageBox() {
    return this.page.getByRole('textbox', { name: 'Message' });
  }

  async send(text: string) {
    await this.messageBox().fill(text);
    await this.messageBox().press('Enter');
  }

  async signOut() {
    await this.page.getByRole('button', { name: 'Account menu' }).click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }
}
