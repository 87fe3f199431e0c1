import { expect, type Locator, type Page } from '@playwright/test';
import { FormDialog, QuestionDialog } from './events-dialogs.ts';

/** /admin/manage-events: the events table and the add-event modal. */
export class ManageEventsPage {
  readonly page: Page;
  readonly search: Locator;
  readonly table: Locator;
  readonly addButton: Locator;
  readonly addDialog: FormDialog;
  readonly confirm: QuestionDialog;

  constructor(page: Page) {
    this.page = page;
    this.search = page.getByRole('searchbox', { name: 'Search' });
    this.table = page.getByRole('table', { name: 'Events' });
    this.addButton = page.getByRole('button', { name: 'Add event', exact: true });
    this.addDialog = new FormDialog(page, 'Add event');
    this.confirm = new QuestionDialog(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/manage-events');
    await expect(this.page.getByRole('heading', { name: 'Manage events', level: 1 })).toBeVisible();
  }

  row(eventName: string): Locator {
    return this.table.getByRole('row').filter({ hasText: eventName });
  }

  categoryField(index: number): Locator {
    return this.addDialog.root.getByRole('textbox', { name: `Category ${index}`, exact: true });
  }

  /** Fills the add-event modal; the dialog must be open. */
  async fillNewEvent(event: { name: string; start: string; end: string; categories: string[]; isTest?: boolean }) {
    const dialog = this.addDialog;
    await dialog.textbox('Event name').fill(event.name);
    await dialog.root.getByLabel('Start date').fill(event.start);
    await dialog.root.getByLabel('End date').fill(event.end);
    for (const [index, name] of event.categories.entries()) {
      if (index > 0) await dialog.button('+ Add another category').click();
      await this.categoryField(index + 1).fill(name);
    }
    if (event.isTest) await dialog.checkbox('Test event').check();
  }
}

/** /admin/event-detail/{id}. */
export class EventDetailPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly categories: Locator;
  readonly addCategoryButton: Locator;
  readonly editButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('main').getByRole('heading', { level: 1 });
    this.categories = page.getByRole('table', { name: 'Categories' });
    this.addCategoryButton = page.getByRole('button', { name: 'Add category', exact: true });
    this.editButton = page.getByRole('button', { name: 'Edit event', exact: true });
  }

  async openCategory(categoryName: string): Promise<void> {
    await this.categories.getByRole('link', { name: `View ${categoryName}`, exact: true }).click();
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
  }
}

/** /admin/category-detail/{eid}/{cid}: criteria sections with judges, schools in running order. */
export class CategoryDetailPage {
  readonly page: Page;
  readonly sections: Locator;
  readonly schools: Locator;
  readonly selectSectionsButton: Locator;
  readonly selectSectionsDialog: FormDialog;
  readonly confirm: QuestionDialog;

  constructor(page: Page) {
    this.page = page;
    this.sections = page.getByRole('table', { name: 'Criteria sections' });
    this.schools = page.getByRole('table', { name: 'Schools in running order' });
    this.selectSectionsButton = page.getByRole('button', { name: 'Select sections', exact: true });
    this.selectSectionsDialog = new FormDialog(page, 'Select sections');
    this.confirm = new QuestionDialog(page);
  }

  sectionRow(sectionName: string): Locator {
    return this.sections.getByRole('row').filter({ hasText: sectionName });
  }

  assignJudgesDialog(sectionName: string): FormDialog {
    return new FormDialog(this.page, `Assign judges: ${sectionName}`);
  }

  /** School names in the order the table shows them. */
  async schoolOrder(): Promise<string[]> {
    const rows = this.schools.getByRole('row').filter({ has: this.page.getByRole('button', { name: /^Move / }) });
    return (await rows
      .getByRole('button', { name: /^Move / })
      .evaluateAll((buttons) =>
        buttons.map((button) => (button.getAttribute('aria-label') ?? '').replace(/^Move /, '')),
      )) as string[];
  }

  /** What the drag and drop announces to screen readers (a live region). */
  announcement(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  handle(schoolName: string): Locator {
    return this.schools.getByRole('button', { name: `Move ${schoolName}`, exact: true });
  }

  /**
   * Where a drag of one school's handle onto another's starts and ends, on screen. A finger or
   * the mouse acts on coordinates, not on elements, so first: the global spinner must be gone
   * (it covers the page for 500 ms after the last request, seed section 9, and took the touch
   * when a drag began under it), and the table sits mid-screen, so the drag does not start
   * the page scrolling (it does near the window's edges) and move the rows under the finger.
   */
  private async dragEnds(schoolName: string, ontoSchoolName: string) {
    await expect(this.page.getByRole('status').filter({ hasText: /^Loading$/ })).toHaveCount(0);
    await this.schools.evaluate((table) => table.scrollIntoView({ block: 'center' }));
    const from = await this.handle(schoolName).boundingBox();
    const to = await this.handle(ontoSchoolName).boundingBox();
    if (!from || !to) throw new Error('The schools are not on screen');
    return { from, to };
  }

  /** Drags a school's handle onto another school's row with one finger (Chromium touch events). */
  async touchDragSchool(schoolName: string, ontoSchoolName: string): Promise<void> {
    const { from, to } = await this.dragEnds(schoolName, ontoSchoolName);
    const cdp = await this.page.context().newCDPSession(this.page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const x = from.x + from.width / 2;
    const startY = from.y + from.height / 2;
    const endY = to.y + to.height / 2;
    await touch('touchStart', x, startY);
    for (let step = 1; step <= 12; step += 1) await touch('touchMove', x, startY + ((endY - startY) * step) / 12);
    await touch('touchEnd', x, endY);
    await cdp.detach();
  }

  /** Drags a school's handle onto another school's row with the mouse, in small steps. */
  async dragSchool(schoolName: string, ontoSchoolName: string): Promise<void> {
    const { from, to } = await this.dragEnds(schoolName, ontoSchoolName);
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move(start.x, start.y + (end.y > start.y ? 8 : -8), { steps: 4 });
    await this.page.mouse.move(end.x, end.y, { steps: 12 });
    await this.page.mouse.up();
  }
}
