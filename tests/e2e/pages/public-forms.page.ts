import { expect, type Locator, type Page } from '@playwright/test';
import { FormDialog, QuestionDialog } from './events-dialogs.ts';

/** The ALTCHA widget of a public form, solved by the browser as a visitor's would be. */
export class Captcha {
  readonly checkbox: Locator;
  readonly label: Locator;
  readonly verified: Locator;

  constructor(scope: Locator) {
    this.checkbox = scope.getByRole('checkbox', { name: "I'm not a robot" });
    this.label = scope.getByText("I'm not a robot", { exact: true });
    this.verified = scope.getByText('Verified', { exact: true });
  }

  async solve(): Promise<void> {
    await expect(this.checkbox).toBeEnabled();
    // The widget draws its own box over the native one: a visitor clicks the label.
    await this.label.click();
    // Proof of work: on a loaded CI machine it can take tens of seconds.
    await expect(this.verified).toBeVisible({ timeout: 45_000 });
  }
}

/** A public request form (/contact, /overview, /school-change-request): fields, captcha and send. */
export class PublicRequestForm {
  readonly page: Page;
  readonly path: string;
  readonly form: Locator;
  readonly state: Locator;
  readonly sendButton: Locator;
  readonly captcha: Captcha;

  constructor(page: Page, options: { path: string; formName: string; sendLabel: string }) {
    this.page = page;
    this.path = options.path;
    this.form = page.getByRole('form', { name: options.formName });
    this.state = this.form.getByRole('combobox', { name: 'State' });
    this.sendButton = this.form.getByRole('button', { name: options.sendLabel, exact: true });
    this.captcha = new Captcha(this.form);
  }

  async goto(): Promise<void> {
    await this.page.goto(this.path);
    await expect(this.form).toBeVisible();
  }

  textbox(label: string | RegExp): Locator {
    return this.form.getByRole('textbox', { name: label, exact: typeof label === 'string' });
  }

  /** The visitor's name, email and phone, as every request form asks them. */
  async fillPerson(person: { firstName: string; lastName: string; email: string; phone: string }): Promise<void> {
    await this.textbox('First name').fill(person.firstName);
    await this.textbox('Last name').fill(person.lastName);
    await this.textbox('Email').fill(person.email);
    await this.textbox('Phone').fill(person.phone);
  }
}

/** /contact. */
export class ContactPage extends PublicRequestForm {
  constructor(page: Page) {
    super(page, { path: '/contact', formName: 'Contact us', sendLabel: 'Send message' });
  }
}

/** /overview: a state asks for an account. */
export class AccountRequestPage extends PublicRequestForm {
  constructor(page: Page) {
    super(page, { path: '/overview', formName: 'Request an account', sendLabel: 'Send request' });
  }
}

/** /school-change-request: a registered school asks for a change. */
export class ChangeRequestPage extends PublicRequestForm {
  constructor(page: Page) {
    super(page, { path: '/school-change-request', formName: 'Registration change request', sendLabel: 'Send request' });
  }
}

/** /admin/inbox. */
export class InboxPage {
  readonly page: Page;
  readonly search: Locator;
  readonly requests: Locator;

  constructor(page: Page) {
    this.page = page;
    this.search = page.getByRole('searchbox', { name: 'Search' });
    this.requests = page.getByRole('list', { name: 'Requests' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/inbox');
    await expect(this.page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  }

  request(kind: string, fullName: string): Locator {
    return this.requests.getByRole('listitem', { name: `${kind} from ${fullName}`, exact: true });
  }
}

/** /help: guides and the competition documents of a state. */
export class HelpPage {
  readonly page: Page;
  readonly state: Locator;
  readonly documents: Locator;
  readonly uploadButton: Locator;
  readonly uploadDialog: FormDialog;
  readonly confirm: QuestionDialog;

  constructor(page: Page) {
    this.page = page;
    this.state = page.getByRole('combobox', { name: 'State' });
    this.documents = page.getByRole('table', { name: 'Competition documents' });
    this.uploadButton = page.getByRole('button', { name: 'Upload document', exact: true });
    this.uploadDialog = new FormDialog(page, 'Upload a document');
    this.confirm = new QuestionDialog(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/help');
    await expect(this.page.getByRole('heading', { name: 'Online Resources', level: 1 })).toBeVisible();
  }

  document(documentName: string): Locator {
    return this.documents.getByRole('row').filter({ hasText: documentName });
  }
}
