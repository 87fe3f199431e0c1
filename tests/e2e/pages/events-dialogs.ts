import type { Locator, Page } from '@playwright/test';

/** A titled modal with a form (add event, select sections, upload a document…). */
export class FormDialog {
  readonly root: Locator;

  constructor(page: Page, title: string) {
    this.root = page.getByRole('dialog', { name: title });
  }

  textbox(label: string): Locator {
    return this.root.getByRole('textbox', { name: label, exact: true });
  }

  checkbox(label: string | RegExp): Locator {
    return this.root.getByRole('checkbox', { name: label });
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  text(text: string): Locator {
    return this.root.getByText(text, { exact: true });
  }
}

/** The yes/no question before a removal. */
export class QuestionDialog {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Please confirm' });
  }

  message(text: string): Locator {
    return this.root.getByText(text, { exact: true });
  }

  async answer(label: string): Promise<void> {
    await this.root.getByRole('button', { name: label, exact: true }).click();
  }
}

/** A name no other run, project or retry uses, so the laptop and tablet runs never collide. */
export function uniqueName(projectName: string, label: string): string {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, '0')}`;
  return `${label} ${projectName} ${suffix}`;
}
