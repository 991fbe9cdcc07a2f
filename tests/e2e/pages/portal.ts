import type { Page } from 'playwright-core';

/** Page objects of the student portal. */

export class PortalLoginPage {
  constructor(private readonly page: Page) {}

  /** Opens a portal path in English (the demo student's own preference may be Spanish). */
  async goto(path = '/login') {
    await this.page.goto(path);
    await this.page.evaluate(`localStorage.setItem('hci.portal.language', 'EN')`);
    await this.page.reload();
  }

  async signIn(email: string, password: string) {
    const form = this.page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
  }
}

export class PortalProfilePage {
  constructor(private readonly page: Page) {}

  form() {
    return this.page.getByRole('form', { name: 'Your details' });
  }

  field(label: string) {
    return this.form().getByLabel(label, { exact: true });
  }

  async save() {
    await this.form().getByRole('button', { name: 'Save profile' }).click();
  }

  /** The helper text under a field (a server or client error). */
  async helperTextOf(label: string): Promise<string | null> {
    const id = await this.field(label).getAttribute('aria-describedby');
    return id ? this.page.locator(`[id="${id}"]`).textContent() : null;
  }
}
