import { expect, type Page } from '@playwright/test';

/** Settings → Your own API keys, opened from the account menu. */
export class OwnKeysPage {
  constructor(readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'Your own API keys' });
  }

  async open() {
    const item = this.page.getByRole('menuitem', { name: 'Your own API keys' });
    // The menu closes when focus moves elsewhere (the message box takes it as a conversation opens).
    await expect(async () => {
      if (!(await item.isVisible())) await this.page.getByRole('button', { name: 'Account menu' }).click();
      await expect(item).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await item.click();
    await expect(this.dialog()).toBeVisible();
  }

  /** One provider's part of the dialog, by its picker label ('OpenAI GPT-Image', 'Gemini Nano Banana'). */
  section(label: string) {
    return this.dialog().getByRole('region', { name: label });
  }

  /** Saves a key, remembered on this device when asked (it is not by default); saving tests it at once. */
  async save(label: string, key: string, { remember = false } = {}) {
    await this.section(label).getByLabel(`${label} API key`).fill(key);
    const box = this.section(label).getByRole('checkbox', { name: 'Remember on this device' });
    await expect(box).not.toBeChecked();
    if (remember) await box.check();
    await this.section(label).getByRole('button', { name: 'Save and test key' }).click();
  }

  /** What the last test of the key said. */
  status(label: string) {
    return this.section(label).getByRole('status');
  }

  remove(label: string) {
    return this.section(label).getByRole('button', { name: 'Remove key' }).click();
  }

  close() {
    return this.page.keyboard.press('Escape');
  }
}
