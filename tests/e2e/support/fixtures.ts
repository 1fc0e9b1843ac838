import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { latestCodeFor } from '../../../local/cognito/outbox';
import { signUpAs } from '../../support/users';
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

/** The one browser global `signUp` uses (the root tsconfig has no DOM lib). */
declare const localStorage: { setItem(key: string, value: string): void };

/** Where Amplify keeps a signed-in session in `localStorage`, for the app client `clientId`. */
const sessionKeys = (clientId: string, username: string) => {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const user = `${prefix}.${username}`;
  return {
    lastAuthUser: `${prefix}.LastAuthUser`,
    accessToken: `${user}.accessToken`,
    idToken: `${user}.idToken`,
    refreshToken: `${user}.refreshToken`,
    clockDrift: `${user}.clockDrift`,
  };
};

/**
 * Signs a persona up as the auth screen does (sign-up, the outbox's code, sign-in), through the
 * app's own `/cognito` path but without the screens, and opens the app signed in: Amplify finds the
 * session where its sign-in would have stored it. auth.spec.ts walks the screens themselves; the
 * other tests start from a signed-in app, and skip the seconds of typing and page loads.
 */
export async function signUp(page: Page, who: Persona): Promise<AppPage> {
  const base = `http://localhost:${process.env.E2E_PORT}`;
  const config = (await (await fetch(`${base}/config.json`)).json()) as { userPoolClientId: string };
  const user = await signUpAs(
    base,
    process.env.E2E_DATA_DIR ?? '',
    config.userPoolClientId,
    who.email,
    who.password,
  );
  const keys = sessionKeys(config.userPoolClientId, who.email);
  // A page of the app's origin to reach its storage: the smallest one it serves.
  await page.goto('/config.json');
  const stored: Record<string, string> = {
    [keys.lastAuthUser]: who.email,
    [keys.accessToken]: user.accessToken,
    [keys.idToken]: user.idToken,
    [keys.refreshToken]: user.refreshToken,
    [keys.clockDrift]: '0',
  };
  await page.evaluate((entries) => {
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, Object.entries(stored));
  await page.goto('/');
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
