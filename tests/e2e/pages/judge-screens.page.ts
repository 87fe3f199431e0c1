import { expect, type Locator, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { AppShell } from './app-shell.page.ts';
import { JUDGE_PASSWORD } from './judge-server.ts';
import { recordSyncNotesInPage, syncNotesKey, syncNotesSeenInPage } from './sync-notes-in-page.ts';

/** A small PNG, so the app's downscale-and-hash path runs on a real image. */
export function testPhoto(name: string, red = 200): { name: string; mimeType: string; buffer: Buffer } {
  // A 2×2 PNG whose first pixel's red channel varies, so different photos hash differently.
  const pixels = Buffer.from([0, red, 40, 40, 255, 10, 200, 10, 255, 0, 10, 10, 200, 255, 250, 250, 250, 255]);
  return { name, mimeType: 'image/png', buffer: encodePng(2, 2, pixels) };
}

/**
 * A photo of noise, `side` pixels square: a JPEG of it stays large after the app's re-encoding
 * (noise does not compress), where `testPhoto`'s is a few hundred bytes. Seeded, so it is the
 * same photo on every run.
 */
export function noisyTestPhoto(name: string, side = 600, seed = 1): { name: string; mimeType: string; buffer: Buffer } {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) >> 16;
  const rows = Buffer.alloc(side * (side * 4 + 1));
  for (let y = 0; y < side; y += 1) {
    const start = y * (side * 4 + 1);
    for (let x = 0; x < side; x += 1) rows.set([next() & 255, next() & 255, next() & 255, 255], start + 1 + x * 4);
  }
  return { name, mimeType: 'image/png', buffer: encodePng(side, side, rows) };
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Rows of RGBA pixels, each row led by filter byte 0 (already in `rows`). */
function encodePng(width: number, height: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The judge screens: dashboard, school sections, school scoring, and the sync status bar on each. */
export class JudgeScreens {
  readonly page: Page;
  readonly shell: AppShell;
  readonly syncStatus: Locator;
  readonly needsAttentionButton: Locator;
  readonly submitButton: Locator;
  readonly doneButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.shell = new AppShell(page);
    this.syncStatus = page.getByRole('region', { name: 'Sync status' });
    this.needsAttentionButton = this.syncStatus.getByRole('button', { name: /needs? attention/ });
    this.submitButton = page.getByRole('button', { name: 'Submit scores' });
    this.doneButton = page.getByRole('button', { name: 'Done' });
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.page.goto('/login');
    await expect(this.shell.loginPanel).toBeVisible();
    await this.shell.fillLogin(email, password);
    await this.shell.submitLoginButton.click();
    await expect(this.shell.logoutButton).toBeVisible();
  }

  /** A judge logs in and opens one category of one event, as on the morning of the event. */
  async openCategoryAs(
    email: string,
    password: string,
    place: { eventName: string; categoryName: string },
  ): Promise<void> {
    await this.logIn(email, password);
    await this.chooseEvent(place.eventName);
    await this.chooseCategory(place.categoryName);
  }

  /**
   * The status bar's line for `count` changes still on this tablet (sync-wording.ts): with the
   * server answering or not; 0 is "All sent", or "Nothing waiting to send" beside refused edits.
   */
  pendingText(count: number): Locator {
    const changes = `${count} change${count === 1 ? '' : 's'} saved on this tablet`;
    const line =
      count === 0
        ? /^(All sent|Nothing waiting to send|Can't reach the server: nothing waiting to send)$/
        : new RegExp(`^(Sending ${changes}|Can't reach the server: ${changes})$`);
    return this.syncStatus.getByTestId('pending-count').filter({ hasText: line });
  }

  /** The line the status bar shows for a moment after a save, a removal, Done or a submit. */
  syncNote(text: string | RegExp): Locator {
    return this.syncStatus.getByTestId('sync-note').filter({ hasText: text });
  }

  /**
   * Records, from now on, each line the status bar's note shows. A note shows for 5 s, and on a
   * loaded machine a look for it can come later than that: call before the action, then
   * `expect.poll(notes.seen)`. Recording stops with the page (a reload).
   */
  async watchSyncNotes(): Promise<{ seen: () => Promise<string[]> }> {
    const key = syncNotesKey();
    await this.page.evaluate(recordSyncNotesInPage, key);
    return { seen: () => this.page.evaluate(syncNotesSeenInPage, key) };
  }

  /**
   * After Done: the sheet's scores are on this tablet (or all sent). "Saved on this tablet" goes
   * once the queue is empty, which online can be before a look at the bar: an empty queue says
   * the same.
   */
  get doneNote(): Locator {
    return this.syncNote(/^Scores (sent|saved on this tablet)/)
      .or(this.pendingText(0))
      .first();
  }

  onlineBadge(isOnline: boolean): Locator {
    return this.syncStatus.getByText(isOnline ? 'Online' : 'Offline', { exact: true });
  }

  async openDashboard(judgeId: number, eventId?: number, categoryId?: number): Promise<void> {
    const path = ['/judge-dashboard', judgeId, eventId, categoryId].filter((part) => part !== undefined).join('/');
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { name: 'Judge dashboard', level: 1 })).toBeVisible();
  }

  /** The seed's message for an event that is not among the judge's events, in place of the event. */
  get eventRefusedNotice(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'Something went wrong. Please try again' });
  }

  /** Opens an event by its address, as a bookmark or a typed link would. */
  async openEventByAddress(judgeId: number, eventId: number): Promise<void> {
    await this.openDashboard(judgeId, eventId);
  }

  async chooseEvent(eventName: string): Promise<void> {
    await this.page.getByRole('link', { name: new RegExp(escape(eventName)) }).click();
    await expect(this.offlineVerdict).toBeVisible();
  }

  /** The readiness panel's verdict: one line once ready ("Ready to judge offline ✓"), the checks while not. */
  get offlineVerdict(): Locator {
    return this.page.getByTestId('offline-verdict');
  }

  /** Opens the ready panel's details (the checks behind "Ready to judge offline ✓"); open already when not ready. */
  async openOfflineDetails(): Promise<void> {
    const details = this.page.getByRole('button', { name: /^Ready to judge offline/ });
    if ((await details.getAttribute('aria-expanded')) !== 'true') await details.click();
    await expect(this.page.getByText('Data downloaded')).toBeVisible();
  }

  async chooseCategory(categoryName: string): Promise<void> {
    await this.page.getByRole('link', { name: categoryName, exact: true }).click();
    await expect(this.page.getByRole('heading', { name: `${categoryName}: schools` })).toBeVisible();
  }

  schoolScored(schoolName: string): Locator {
    return this.page.getByLabel(`${schoolName} scored`);
  }

  /** Runs `check` with the screen `width` px wide (a small tablet held upright: 600), then puts it back. */
  async atWidth(width: number, check: () => Promise<void>): Promise<void> {
    const before = this.page.viewportSize();
    await this.page.setViewportSize({ width, height: before?.height ?? 1024 });
    try {
      await check();
    } finally {
      if (before) await this.page.setViewportSize(before);
    }
  }

  /** What must be scrolled sideways to be seen: the page itself, or a table wider than its box. */
  async sidewaysScrolling(): Promise<string[]> {
    return this.page.evaluate(() => {
      const found: string[] = [];
      const page = document.documentElement;
      if (page.scrollWidth > window.innerWidth) found.push(`the page (${page.scrollWidth} px)`);
      for (const table of document.querySelectorAll('main table')) {
        const box = table.parentElement;
        if (box && box.scrollWidth > box.clientWidth + 1) {
          found.push(
            `${table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent ?? 'a table'} (${box.scrollWidth} px in ${box.clientWidth})`,
          );
        }
      }
      return found;
    });
  }

  /** True when the element's text, and every part of it, fits its box: nothing is cut to an ellipsis. */
  async isShownWhole(locator: Locator): Promise<boolean> {
    return locator.evaluate((element) =>
      [element, ...element.querySelectorAll('*')].every((node) => node.scrollWidth <= node.clientWidth + 1),
    );
  }

  /** Logs in as the scenario's judge and opens the first school's sheet; answers the sheet's address. */
  async openFirstSheet(scenario: {
    judge: { email: string };
    eventName: string;
    categoryName: string;
    schools: readonly { schoolName: string }[];
    sectionName: string;
  }): Promise<string> {
    await this.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await this.openSchool(scenario.schools[0]!.schoolName);
    await this.openSection(scenario.sectionName);
    return this.page.url();
  }

  async openSchool(schoolName: string): Promise<void> {
    await this.page.getByRole('link', { name: new RegExp(`^(Score|View) ${escape(schoolName)}$`) }).click();
    await expect(this.page.getByRole('heading', { name: schoolName, level: 1 })).toBeVisible();
  }

  async openSection(sectionName: string): Promise<void> {
    await this.page.getByRole('link', { name: `Open ${sectionName}` }).click();
    await expect(this.page.getByRole('heading', { name: sectionName, level: 2 })).toBeVisible();
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** The sheet's "Add a penalty" / "Add a disqualification" picker: the device's own select. */
  addPicker(noun: 'penalty' | 'disqualification'): Locator {
    return this.page.getByRole('combobox', { name: `Add a ${noun}` });
  }

  /** The subsection's score form (comments, photo, and the score too), from its row on the sheet. */
  formButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Comments & photo: ${name}` });
  }

  /**
   * Quick-score: the whole number, then the quarter when the value has one ("7.25": 7, then
   * +0.25), each a tap that saves. Answers the taps made.
   */
  async quickScore(name: string, value: number): Promise<number> {
    const row = this.page.getByRole('row', { name });
    const whole = Math.floor(value);
    const quarter = value - whole;
    await row
      .getByRole('radiogroup', { name: `${name}: points` })
      .getByRole('radio', { name: String(whole), exact: true })
      .click();
    if (quarter === 0) return 1;
    await row
      .getByRole('radiogroup', { name: `${name}: quarter points` })
      .getByRole('radio', { name: `+${quarter.toFixed(2)}`, exact: true })
      .click();
    return 2;
  }

  async scoreSubsection(name: string, value: string): Promise<void> {
    await this.formButton(name).click();
    await expect(this.dialog.getByRole('heading', { name: `Score: ${name}` })).toBeVisible();
    await this.dialog.getByRole('radio', { name: value, exact: true }).click();
    await this.saveDialog();
    await expect(this.page.getByRole('row', { name })).toContainText(value);
  }

  async editSubsection(name: string, value: string): Promise<void> {
    await this.formButton(name).click();
    await expect(this.dialog.getByRole('heading', { name: `Update: ${name}` })).toBeVisible();
    await this.dialog.getByRole('button', { name: 'Change score' }).click();
    await this.dialog.getByRole('radio', { name: value, exact: true }).click();
    await this.saveDialog();
  }

  async addPenalty(
    name: string,
    options: { overtime?: string; comments: string; photo?: ReturnType<typeof testPhoto> },
  ): Promise<void> {
    await this.addPicker('penalty').selectOption({ label: name });
    await expect(this.dialog.getByRole('heading', { name: `Add penalty: ${name}` })).toBeVisible();
    if (options.overtime !== undefined) await this.dialog.getByLabel('Time over (mm:ss)').fill(options.overtime);
    await this.dialog.getByRole('textbox', { name: 'Comments' }).fill(options.comments);
    if (options.photo) await this.choosePhoto(options.photo);
    await this.saveDialog();
  }

  async addDisqualification(
    name: string,
    options: { comments: string; photo?: ReturnType<typeof testPhoto> },
  ): Promise<void> {
    await this.addPicker('disqualification').selectOption({ label: name });
    await expect(this.dialog.getByRole('heading', { name: `Add disqualification: ${name}` })).toBeVisible();
    await this.dialog.getByRole('textbox', { name: 'Comments' }).fill(options.comments);
    if (options.photo) await this.choosePhoto(options.photo);
    await this.saveDialog();
  }

  async choosePhoto(photo: ReturnType<typeof testPhoto>): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.dialog.getByRole('button', { name: 'Add/Replace Photo' }).click();
    await (await chooser).setFiles(photo);
    await expect(this.dialog.getByText(photo.name)).toBeVisible();
  }

  /** Saves the open dialog: it closes and the status bar says the change is on this tablet (no success alert). */
  async saveDialog(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(this.dialog).toBeHidden();
    // The note goes once the queue it joined is empty: online, the push can drain it before a
    // look at the bar, so an empty queue after the save says the same.
    await expect(
      this.syncNote(/^Saved on this tablet, (sending now|will send when connected)$/)
        .or(this.pendingText(0))
        .first(),
    ).toBeVisible();
  }

  async submitCategory(): Promise<void> {
    await this.submitButton.click();
    await this.dialog.getByRole('button', { name: 'Yes, submit' }).click();
    // Online the submission can reach the server before a look at the bar: then the category says so.
    await expect(
      this.syncNote('Submitted on this tablet: sent when connected')
        .or(this.page.getByText('Your scores for this category are submitted.'))
        .first(),
    ).toBeVisible();
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
