import type { Page } from '@playwright/test';

export class LandingPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/');
  }

  getStarted() {
    return this.page.getByRole('button', { name: 'Get Started Free' }).click();
  }

  startCreating() {
    return this.page.getByRole('button', { name: 'Start Creating Now' }).click();
  }
}
