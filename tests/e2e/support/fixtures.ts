import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { latestCodeFor } from '../../../local/cognito/outbox';
import { AppPage } from '../pages/app-page';
import { AuthPage } from '../pages/auth-page';
import { LandingPage } from '../pages/landing-page';
import { ProviderHold } from './provider-hold';

export interface Persona {
  email: string;
  password: string;
}

/** A fresh address per persona and run, so tests never share an account by accident. */
export const persona = (name: string): Persona => ({
  email: `${name}-${randomUUID().slice(0, 8)}@example.com`,
  password: 'secret1',
});

/** The sign-up code the local cloud dropped in its outbox for this address. */
export async function codeFromOutbox(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = await latestCodeFor(process.env.E2E_DATA_DIR ?? '', email);
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** Signs a persona up through the UI, confirms with the outbox code and lands in the app. */
export async function signUpThroughUi(page: Page, who: Persona): Promise<AppPage> {
  const landing = new LandingPage(page);
  await landing.open();
  await landing.getStarted();
  const auth = new AuthPage(page);
  await auth.switchToSignUp();
  await auth.signUp(who.email, who.password);
  await expect(auth.notice().filter({ hasText: 'Account created!' })).toBeVisible();
  await auth.confirm(await codeFromOutbox(who.email));
  const app = new AppPage(page);
  await app.expectSignedIn();
  return app;
}

export const test = base.extend<{
  landing: LandingPage;
  auth: AuthPage;
  app: AppPage;
  providerHold: ProviderHold;
}>({
  landing: async ({ page }, use) => use(new LandingPage(page)),
  auth: async ({ page }, use) => use(new AuthPage(page)),
  app: async ({ page }, use) => use(new AppPage(page)),
  // Let go after the test whatever happened, so a failed test holds no later test's jobs.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  providerHold: async ({}, use) => {
    const hold = new ProviderHold();
    await use(hold);
    hold.release();
  },
});
export { expect };
