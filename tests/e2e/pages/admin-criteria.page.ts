import type { Locator, Page } from '@playwright/test';
import { AdminDialog } from './admin-dialogs.page.ts';

export type CriteriaTabName = 'Section' | 'Penalty' | 'Disqualification';

/** /admin/manage-sections: search, the Section, Penalty and Disqualification tabs and their modals. */
export class CriteriaPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly search: Locator;
  readonly sectionsTable: Locator;
  readonly penaltiesTable: Locator;
  readonly disqualificationsTable: Locator;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Criteria', level: 1 });
    this.search = main.getByRole('searchbox', { name: 'Search' });
    this.sectionsTable = main.getByRole('table', { name: 'Sections' });
    this.penaltiesTable = main.getByRole('table', { name: 'Penalties' });
    this.disqualificationsTable = main.getByRole('table', { name: 'Disqualifications' });
  }

  async goto(tab?: 'penalty' | 'disqualification'): Promise<void> {
    await this.page.goto(tab ? `/admin/manage-sections?tab=${tab}` : '/admin/manage-sections');
  }

  tab(name: CriteriaTabName): Locator {
    return this.page.getByRole('main').getByRole('tab', { name, exact: true });
  }

  addButton(label: 'Add section' | 'Add penalty' | 'Add disqualification'): Locator {
    return this.page.getByRole('main').getByRole('button', { name: label, exact: true });
  }

  row(table: Locator, text: string): Locator {
    return table.getByRole('row').filter({ hasText: text });
  }

  sectionDialog(mode: 'Add' | 'Update'): AdminDialog {
    return new AdminDialog(this.page, `${mode} section`);
  }

  penaltyDialog(mode: 'Add' | 'Update'): AdminDialog {
    return new AdminDialog(this.page, `${mode} penalty`);
  }

  disqualificationDialog(mode: 'Add' | 'Update'): AdminDialog {
    return new AdminDialog(this.page, `${mode} disqualification`);
  }

  /** Adds a penalty in the Penalty tab (which must be open). */
  async addPenalty(name: string, deduction: number, isTimeBased: boolean): Promise<void> {
    await this.addButton('Add penalty').click();
    const dialog = this.penaltyDialog('Add');
    await dialog.textbox('Penalty name').fill(name);
    // A time-based penalty's deduction is its maximum: the label follows the checkbox.
    if (isTimeBased) await dialog.checkbox('Variable (time-based) deduction').check();
    await dialog.select(isTimeBased ? 'Maximum deduction' : 'Deduction').selectOption(String(deduction));
    await dialog.saveButton.click();
  }
}

/** /admin/section-detail/{id}: the section card and its subsections, penalties and disqualifications. */
export class SectionDetailPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly editSectionButton: Locator;
  readonly copySectionButton: Locator;
  /** Shown when a change was refused because a started or closed event holds the section. */
  readonly lockedAlert: Locator;
  readonly backButton: Locator;
  readonly subsectionsTable: Locator;
  readonly penaltiesTable: Locator;
  readonly disqualificationsTable: Locator;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1 });
    this.editSectionButton = main.getByRole('button', { name: /^Edit section / });
    this.copySectionButton = main.getByRole('button', { name: /^Copy section / });
    this.lockedAlert = main.getByRole('alert').filter({ hasText: 'This section cannot change' });
    this.backButton = main.getByRole('link', { name: 'Back to criteria' });
    this.subsectionsTable = main.getByRole('table', { name: 'Subsections' });
    this.penaltiesTable = main.getByRole('table', { name: 'Penalties' });
    this.disqualificationsTable = main.getByRole('table', { name: 'Disqualifications' });
  }

  addButton(label: 'Add subsection' | 'Add penalty' | 'Add disqualification'): Locator {
    return this.page.getByRole('main').getByRole('button', { name: label, exact: true });
  }

  row(table: Locator, text: string): Locator {
    return table.getByRole('row').filter({ hasText: text });
  }

  async goto(sectionId: number): Promise<void> {
    await this.page.goto(`/admin/section-detail/${sectionId}`);
  }

  /** The refusal's own Copy section button. */
  lockedAlertCopyButton(): Locator {
    return this.lockedAlert.getByRole('button', { name: 'Copy section', exact: true });
  }

  subsectionDialog(mode: 'Add' | 'Update'): AdminDialog {
    return new AdminDialog(this.page, `${mode} subsection`);
  }

  selectDialog(kind: 'penalties' | 'disqualifications'): AdminDialog {
    return new AdminDialog(this.page, `Select ${kind}`);
  }

  async addSubsection(name: string, description: string, maxScore: number): Promise<void> {
    await this.addButton('Add subsection').click();
    const dialog = this.subsectionDialog('Add');
    await dialog.whenOpen();
    await dialog.textbox('Subsection name').fill(name);
    await dialog.textbox('Description').fill(description);
    await dialog.select('Score range').selectOption(String(maxScore));
    await dialog.saveButton.click();
  }
}
