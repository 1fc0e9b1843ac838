import { expect, type Page } from '@playwright/test';

export class AuthPage {
  constructor(readonly page: Page) {}

  get email() {
    return this.page.getByLabel('Email', { exact: true });
  }
  get password() {
    return this.page.getByLabel('Password', { exact: true });
  }
  get confirmPassword() {
    return this.page.getByLabel('Confirm Password', { exact: true });
  }

  /** The landing buttons open sign-up mode already; this switches only when needed. */
  async switchToSignUp() {
    await this.email.waitFor();
    const toSignUp = this.page.getByRole('button', { name: 'Create an account' });
    if (await toSignUp.isVisible()) await toSignUp.click();
  }

  async switchToSignIn() {
    await this.email.waitFor();
    const toSignIn = this.page.getByRole('button', { name: 'Use an existing account' });
    if (await toSignIn.isVisible()) await toSignIn.click();
  }

  async fill(email: string, password: string, confirm?: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    if (confirm !== undefined) await this.confirmPassword.fill(confirm);
  }

  async signUp(email: string, password: string, confirm = password) {
    await this.fill(email, password, confirm);
    await this.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  }

  async signIn(email: string, password: string) {
    await this.fill(email, password);
    await this.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  /** Signs in and waits until Cognito has answered and the form shows the outcome (no longer busy). */
  async signInAndSettle(email: string, password: string) {
    const answered = this.page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith('/cognito'),
    );
    await this.signIn(email, password);
    await answered;
    await expect(this.page.getByRole('button', { name: 'Sign In', exact: true })).not.toHaveAttribute(
      'aria-busy',
      'true',
    );
  }

  async confirm(code: string) {
    await this.page.getByLabel('Confirmation code').fill(code);
    await this.page.getByRole('button', { name: 'Confirm', exact: true }).click();
  }

  alert() {
    return this.page.getByRole('alert');
  }

  notice() {
    return this.page.getByRole('status');
  }
}
