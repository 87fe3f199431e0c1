import { expect, type Locator, type Page } from '@playwright/test';
import { Captcha } from './public-forms.page.ts';

/** /school: the school registration form. */
export class SchoolRegistrationPage {
  readonly page: Page;
  readonly form: Locator;
  readonly state: Locator;
  readonly event: Locator;
  readonly school: Locator;
  readonly submitButton: Locator;
  /** Shown to visitors, judges and STANDARD users; coordinators register without it. */
  readonly captcha: Captcha;

  constructor(page: Page) {
    this.page = page;
    this.form = page.getByRole('form', { name: 'School registration' });
    this.captcha = new Captcha(this.form);
    this.state = this.form.getByRole('combobox', { name: 'State' });
    this.event = this.form.getByRole('combobox', { name: 'Event' });
    this.school = this.form.getByRole('combobox', { name: 'School' });
    this.submitButton = this.form.getByRole('button', { name: 'Register school', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/school');
    await expect(this.form).toBeVisible();
  }

  textbox(label: string): Locator {
    return this.form.getByRole('textbox', { name: label, exact: true });
  }

  category(categoryName: string): Locator {
    return this.form.getByRole('checkbox', { name: `Enter ${categoryName}` });
  }

  students(categoryName: string): Locator {
    return this.textbox(`Students in ${categoryName}`);
  }

  /** Picks a state, then an event by id (its label carries the date). */
  async chooseEvent(stateName: string, eventId: number): Promise<void> {
    await this.state.selectOption({ label: stateName });
    await expect(this.event.locator(`option[value="${eventId}"]`)).toHaveCount(1);
    await this.event.selectOption(String(eventId));
  }
}

/** /judge: the judge registration form. */
export class JudgeRegistrationPage {
  readonly page: Page;
  readonly form: Locator;
  readonly state: Locator;
  readonly submitButton: Locator;
  readonly captcha: Captcha;

  constructor(page: Page) {
    this.page = page;
    this.form = page.getByRole('form', { name: 'Judge registration' });
    this.captcha = new Captcha(this.form);
    this.state = this.form.getByRole('combobox', { name: 'State' });
    this.submitButton = this.form.getByRole('button', { name: 'Register', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/judge');
    await expect(this.form).toBeVisible();
  }

  textbox(label: string): Locator {
    return this.form.getByRole('textbox', { name: label, exact: true });
  }

  password(label: 'Password' | 'Confirm password'): Locator {
    return this.form.getByRole('textbox', { name: label, exact: true });
  }
}
