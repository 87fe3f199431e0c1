// The judge screens driven over WebDriver in WebKit: the same steps as the Chromium lane's
// JudgeScreens (tests/e2e/pages/judge-screens.page.ts), found by the same accessible names
// (aria-label, button text, role="radio"/"option"/"dialog") through XPath, since WebDriver has no
// role locators.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readDeviceInPage, type DeviceState } from '../e2e/pages/judge-device.ts';
import { recordSyncNotesInPage, syncNotesKey, syncNotesSeenInPage } from '../e2e/pages/sync-notes-in-page.ts';
import { waitUntil, type Browser } from './harness.ts';

// A busy two-core CI machine runs the server, MiniBrowser and Xvfb together: waits are generous there.
const DEFAULT_TIMEOUT = process.env.CI ? 20_000 : 10_000;

/** An XPath string literal for any text (quotes included). */
function literal(text: string): string {
  if (!text.includes("'")) return `'${text}'`;
  if (!text.includes('"')) return `"${text}"`;
  return `concat('${text.replace(/'/g, `', "'", '`)}')`;
}

const DIALOG = "//*[@role='dialog']";
/** LOGIN_PANEL_ID in apps/pwa/src/layout/login-panel.tsx. */
const LOGIN_PANEL_ID = 'login-panel';

/** Runs in the page: is the element's box where it was a frame ago? */
function isBoxStillInPage(element: Element): Promise<boolean> {
  const box = () => JSON.stringify(element.getBoundingClientRect());
  const before = box();
  return new Promise((resolve) => requestAnimationFrame(() => resolve(box() === before)));
}

/** Runs in the page: its address, headings and readiness verdict, for a failure's message. */
function describePageInPage(): string {
  const headings = Array.from(document.querySelectorAll('h1, h2, h3'), (heading) =>
    (heading.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );
  const verdict = document.querySelector('[data-testid="offline-verdict"]')?.getAttribute('data-ready');
  return `the page: ${location.pathname}${location.search}; headings: ${JSON.stringify(headings)}; offline verdict: ${verdict ?? 'none'}`;
}

export class WebKitJudge {
  readonly browser: Browser;
  readonly baseUrl: string;

  constructor(browser: Browser, baseUrl: string) {
    this.browser = browser;
    this.baseUrl = baseUrl;
  }

  async goto(pathname: string): Promise<void> {
    await this.browser.url(`${this.baseUrl}${pathname}`);
  }

  /** Waits until the page shows the text (in `within`, an XPath, when given). */
  async waitForText(text: string, options: { within?: string; timeout?: number } = {}): Promise<void> {
    const scope = options.within ?? '//body';
    await this.browser
      .$(`${scope}//*[contains(normalize-space(.), ${literal(text)})]`)
      .waitForDisplayed({ timeout: options.timeout ?? DEFAULT_TIMEOUT, timeoutMsg: `"${text}" not shown` });
  }

  async waitForHeading(text: string, timeout = DEFAULT_TIMEOUT): Promise<void> {
    try {
      await this.browser
        .$(`//*[self::h1 or self::h2 or self::h3][normalize-space(.)=${literal(text)}]`)
        .waitForDisplayed({ timeout, timeoutMsg: `heading "${text}" not shown` });
    } catch (error) {
      // The lane's screenshot stays on the CI machine: say in the log where the page was instead.
      const where = await this.browser.execute(describePageInPage).catch(() => 'the page could not be read');
      throw new Error(`${error instanceof Error ? error.message : String(error)}; ${where}`, { cause: error });
    }
  }

  /**
   * Clicks once the element is clickable and has kept its place over a frame (as Playwright's
   * click waits for a stable box): WebDriver clicks at the point it measured, so a panel above
   * that folds just then would let the click land on whatever moved under that point.
   */
  async click(xpath: string, what: string): Promise<void> {
    const element = await this.browser.$(xpath);
    await element.waitForClickable({ timeout: DEFAULT_TIMEOUT, timeoutMsg: `${what} not clickable` });
    await this.browser.waitUntil(() => this.browser.execute(isBoxStillInPage, element), {
      timeout: DEFAULT_TIMEOUT,
      timeoutMsg: `${what} kept moving`,
    });
    await element.click();
  }

  async clickLabelled(label: string): Promise<void> {
    await this.click(`//*[@aria-label=${literal(label)}]`, `"${label}"`);
  }

  async clickButton(text: string, within = ''): Promise<void> {
    await this.click(`${within}//button[normalize-space(.)=${literal(text)}]`, `button "${text}"`);
  }

  /** The input a <label> names (Mantine renders label[for] + input#id). */
  async fillLabelled(label: string, value: string, within = ''): Promise<void> {
    const { input } = await this.labelledInput(label, within);
    await input.addValue(value); // fields start empty; WebKit refuses "clear" on some inputs
  }

  private async labelledInput(label: string, within: string) {
    const labelElement = this.browser.$(`${within}//label[starts-with(normalize-space(.), ${literal(label)})]`);
    await labelElement.waitForExist({ timeout: DEFAULT_TIMEOUT, timeoutMsg: `label "${label}" not found` });
    const id = (await labelElement.getAttribute('for')) ?? '';
    return { id, input: this.browser.$(`//*[@id=${literal(id)}]`) };
  }

  /**
   * Types the credentials and presses Login. WebDriver typing into a React-controlled field in
   * WebKitGTK once lost the text on a busy CI machine (the Login press then did nothing), so
   * the fields are read back before the press and retyped when they do not hold what was typed;
   * a login that still fails reports what the page showed.
   */
  async logIn(email: string, password: string): Promise<void> {
    await this.goto('/login');
    const form = "//form[@aria-label='Login']";
    const typed = { Email: email, Password: password };
    let mismatch = '';
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      mismatch = '';
      for (const [label, value] of Object.entries(typed)) {
        const { id, input } = await this.labelledInput(label, form);
        const shown = await input.getValue();
        if (shown === value) continue;
        if (shown !== '') {
          // Selected and deleted as a user would: React sees the input event.
          await this.browser.execute((inputId: string) => {
            (document.getElementById(inputId) as HTMLInputElement).select();
            document.execCommand('delete');
          }, id);
        }
        await input.addValue(value);
        const after = await input.getValue();
        if (after !== value) mismatch += ` ${label} holds ${after.length} of ${value.length} characters;`;
      }
      if (!mismatch) break;
    }
    if (mismatch) throw new Error(`the login fields did not take the typed text:${mismatch}`);
    await this.waitUntilLoginButtonTakesAPress();
    await this.clickButton('Login', form);
    const logout = this.browser.$("//header//button[normalize-space(.)='Logout']");
    const isLoggedIn = await logout
      .waitForDisplayed({ timeout: DEFAULT_TIMEOUT })
      .then(() => true)
      .catch(() => false);
    if (isLoggedIn) return;
    const page = await this.browser.execute(() => ({
      url: location.pathname,
      alerts: Array.from(document.querySelectorAll('[role="alert"]'), (node) => node.textContent ?? '').join(' | '),
      errors: Array.from(
        document.querySelectorAll('.mantine-InputWrapper-error'),
        (node) => node.textContent ?? '',
      ).join(' | '),
    }));
    throw new Error(`not logged in: the page is ${page.url}; alerts: "${page.alerts}"; field errors: "${page.errors}"`);
  }

  /**
   * The login panel opens with a height transition; a WebDriver press while it runs (or while
   * the global spinner still covers the page) landed beside the button on a busy CI machine and
   * submitted nothing. Waits until the panel is still and the button is what a tap at its centre hits.
   */
  private async waitUntilLoginButtonTakesAPress(): Promise<void> {
    await waitUntil(
      'the Login button to take a press',
      () =>
        this.browser.execute((panelId: string) => {
          const panel = document.getElementById(panelId);
          if (!panel || panel.getAnimations({ subtree: true }).length > 0) return false;
          const button = panel.querySelector<HTMLButtonElement>('form[aria-label="Login"] button[type="submit"]');
          if (!button) return false;
          const box = button.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit !== null && button.contains(hit);
        }, LOGIN_PANEL_ID),
      DEFAULT_TIMEOUT,
    );
  }

  /** Opening the event downloads its reference data; the panel says when. */
  async chooseEvent(eventName: string): Promise<void> {
    await this.click(`//a[contains(normalize-space(.), ${literal(eventName)})]`, `event "${eventName}"`);
    // The readiness verdict shows once the event is on the tablet: one line when ready, the checks
    // when not. The lane's tablets are online and get ready; until then the panel of checks above
    // the category buttons folds to one line when the last check passes, moving them.
    await this.browser.$("//*[@data-testid='offline-verdict'][@data-ready='true']").waitForDisplayed({
      timeout: DEFAULT_TIMEOUT,
      timeoutMsg: 'the tablet not ready for offline after choosing the event',
    });
  }

  async chooseCategory(categoryName: string): Promise<void> {
    await this.click(`//a[normalize-space(.)=${literal(categoryName)}]`, `category "${categoryName}"`);
    await this.waitForHeading(`${categoryName}: schools`);
  }

  async openSchool(schoolName: string): Promise<void> {
    await this.click(
      `//a[@aria-label=${literal(`Score ${schoolName}`)} or @aria-label=${literal(`View ${schoolName}`)}]`,
      `school "${schoolName}"`,
    );
    await this.waitForHeading(schoolName);
  }

  async openSection(sectionName: string): Promise<void> {
    await this.clickLabelled(`Open ${sectionName}`);
    await this.waitForHeading(sectionName);
  }

  /** The text of the table row named `name` (rows carry aria-label). */
  async rowText(name: string): Promise<string> {
    const row = this.browser.$(`//tr[@aria-label=${literal(name)}]`);
    await row.waitForDisplayed({ timeout: DEFAULT_TIMEOUT, timeoutMsg: `row "${name}" not shown` });
    return row.getText();
  }

  async waitForRowText(name: string, text: string): Promise<void> {
    await waitUntil(
      `row "${name}" to show "${text}"`,
      async () => (await this.rowText(name)).includes(text),
      DEFAULT_TIMEOUT,
    );
  }

  async scoreSubsection(name: string, value: string): Promise<void> {
    await this.clickLabelled(`Comments & photo: ${name}`);
    await this.waitForHeading(`Score: ${name}`);
    await this.click(`${DIALOG}//*[@role='radio'][normalize-space(.)=${literal(value)}]`, `score ${value}`);
    await this.saveDialog();
    await this.waitForRowText(name, value);
  }

  async addPenalty(name: string, options: { overtime?: string; comments: string; photoPath?: string }): Promise<void> {
    // The sheet's picker is the device's own select: WebDriver chooses its option.
    const picker = this.browser.$("//select[@aria-label='Add a penalty']");
    await picker.waitForClickable({ timeout: DEFAULT_TIMEOUT, timeoutMsg: 'the penalty list not clickable' });
    await picker.selectByVisibleText(name);
    await this.waitForHeading(`Add penalty: ${name}`);
    if (options.overtime !== undefined) await this.fillLabelled('Time over (mm:ss)', options.overtime, DIALOG);
    await this.browser.$(`${DIALOG}//textarea`).addValue(options.comments);
    if (options.photoPath) await this.choosePhoto(options.photoPath);
    await this.saveDialog();
  }

  /** WebDriver's file upload: send the file's path to the (hidden) file input. */
  async choosePhoto(filePath: string): Promise<void> {
    const input = this.browser.$(`${DIALOG}//input[@type='file']`);
    await input.waitForExist({ timeout: DEFAULT_TIMEOUT, timeoutMsg: 'no file input in the dialog' });
    await input.addValue(filePath);
    await this.waitForText(path.basename(filePath), { within: DIALOG });
  }

  /**
   * Save, then the dialog closes (the device store committed) and the status bar says the change
   * is on this tablet. The note shows for 5 s, so it is recorded as it appears, not looked for.
   */
  async saveDialog(): Promise<void> {
    const notes = syncNotesKey();
    await this.browser.execute(recordSyncNotesInPage, notes);
    await this.clickButton('Save', DIALOG);
    const dialog = this.browser.$(DIALOG);
    const closed = await dialog
      .waitForExist({ reverse: true, timeout: DEFAULT_TIMEOUT })
      .then(() => true)
      .catch(() => false);
    if (!closed) {
      // textContent: WebDriver's getText() reads the alerts region as empty in WebKitGTK.
      const alerts = await this.browser
        .execute(() => document.querySelector('[aria-label="Alerts"]')?.textContent?.replace(/\s+/g, ' ') ?? '')
        .catch(() => '');
      throw new Error(`the dialog stayed open after Save; alerts: ${JSON.stringify(alerts)}`);
    }
    let seen: string[] = [];
    await waitUntil(
      '"Saved on this tablet" in the status bar',
      async () => {
        seen = await this.browser.execute(syncNotesSeenInPage, notes);
        return seen.some((line) => line.startsWith('Saved on this tablet'));
      },
      DEFAULT_TIMEOUT,
    ).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; notes seen: ${JSON.stringify(seen)}`);
    });
  }

  /** "All sent" or "… N changes saved on this tablet" in the sync status bar (sync-wording.ts). */
  pendingText(count: number): string {
    return count === 0 ? 'All sent' : `${count} change${count === 1 ? '' : 's'} saved on this tablet`;
  }

  async waitForPending(count: number, timeout = DEFAULT_TIMEOUT): Promise<void> {
    await this.waitForText(this.pendingText(count), { within: "//*[@aria-label='Sync status']", timeout });
  }

  /** The status bar's main line, as the judge reads it. */
  async statusLine(): Promise<string> {
    return this.browser.execute(
      () => document.querySelector('[data-testid="pending-count"]')?.textContent?.trim() ?? '',
    );
  }

  async readDevice(): Promise<DeviceState> {
    return this.browser.execute(readDeviceInPage);
  }

  /** Waits until the service worker controls the page (it precached the app shell). */
  async installApp(): Promise<void> {
    await this.browser.execute(() => navigator.serviceWorker.ready.then(() => undefined));
    await this.browser.refresh();
    await waitUntil(
      'the service worker to control the page',
      () => this.browser.execute(() => navigator.serviceWorker.controller !== null),
      DEFAULT_TIMEOUT,
    );
  }

  async screenshot(file: string): Promise<void> {
    await this.browser.saveScreenshot(file);
  }
}

/** A small JPEG drawn and encoded by the browser itself (canvas → image/jpeg), saved to a temp file. */
export async function makeJpeg(browser: Browser, name: string, red: number): Promise<string> {
  const dataUrl = await browser.execute((r: number) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = `rgb(${r}, 80, 40)`;
    context.fillRect(0, 0, 64, 48);
    context.fillStyle = 'rgb(250, 250, 250)';
    context.fillRect(8, 8, 20, 12);
    return canvas.toDataURL('image/jpeg', 0.9);
  }, red);
  const bytes = Buffer.from(dataUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('the browser did not encode a JPEG');
  const file = path.join(tmpdir(), `${name}-${process.pid}-${Date.now()}.jpg`);
  writeFileSync(file, bytes);
  return file;
}
