import { expect, type Locator, type Page } from '@playwright/test';
import { waitForStillPage } from '../support/still-page.ts';

/** A titled admin modal with a form (add/edit judge, add penalty, add user…). */
export class AdminDialog {
  readonly page: Page;
  readonly root: Locator;
  readonly saveButton: Locator;
  readonly cancelButton: Locator;

  constructor(page: Page, title: string) {
    this.page = page;
    this.root = page.getByRole('dialog', { name: title });
    this.saveButton = this.root.getByRole('button', { name: 'Save', exact: true });
    this.cancelButton = this.root.getByRole('button', { name: 'Cancel', exact: true });
  }

  /** Resolves once the dialog has finished opening (its focus move is done), so typing lands where aimed. */
  async whenOpen(): Promise<void> {
    await expect(this.root).toBeVisible();
    await waitForStillPage(this.page);
  }

  textbox(label: string): Locator {
    return this.root.getByRole('textbox', { name: label, exact: true });
  }

  /** A native select (deduction, score range, role, state…). */
  select(label: string): Locator {
    return this.root.getByRole('combobox', { name: label, exact: true });
  }

  checkbox(label: string): Locator {
    return this.root.getByRole('checkbox', { name: label });
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  text(text: string): Locator {
    return this.root.getByText(text, { exact: true });
  }
}

/** The yes/no question before a removal, an archive or a renewal. */
export class ConfirmDialog {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Please confirm' });
  }

  message(text: string): Locator {
    return this.root.getByText(text, { exact: true });
  }

  async confirm(label: string): Promise<void> {
    await this.root.getByRole('button', { name: label, exact: true }).click();
  }
}

/** A name no other run, project or retry uses: parallel laptop and tablet runs never collide. */
export function uniqueLabel(projectName: string, label: string): string {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, '0')}`;
  return `${label} ${projectName} ${suffix}`;
}
