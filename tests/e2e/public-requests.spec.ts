import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { uniqueName } from './pages/events-dialogs.ts';
import { AccountRequestPage, ChangeRequestPage, ContactPage, HelpPage, InboxPage } from './pages/public-forms.page.ts';
import { DEMO_STATE, demoUsers } from './support/demo-users.ts';

test.describe('public requests and documents', () => {
  test('a visitor sends the contact form with the real captcha, and the ADMIN finds it in the inbox', async ({
    page,
  }, testInfo) => {
    // The proof of work runs in the browser, as a visitor's would.
    test.slow();
    const shell = new AppShell(page);
    const contact = new ContactPage(page);
    const lastName = uniqueName(testInfo.project.name, 'Visitor').replaceAll(' ', '-');

    await contact.goto();
    await expect(contact.sendButton).toBeDisabled();
    await contact.state.selectOption({ label: DEMO_STATE });
    await contact.textbox('First name').fill('Casey');
    await contact.textbox('Last name').fill(lastName);
    await contact.textbox('Email').fill('casey.visitor@example.test');
    await contact.textbox('Phone').fill('3025550123');
    await contact.form
      .getByRole('textbox', { name: /^Comments/ })
      .fill('When does registration open for the spring event?');
    await expect(contact.sendButton).toBeDisabled();
    await contact.captcha.solve();
    await expect(contact.sendButton).toBeEnabled();
    await contact.sendButton.click();
    await expect(
      page.getByText('Thank you for contacting us. A coordinator will answer within one to two business days.'),
    ).toBeVisible();

    await shell.logInAs(demoUsers.admin);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await inbox.search.fill(lastName);
    const request = inbox.request('Contact', `Casey ${lastName}`);
    await expect(request).toBeVisible();
    await expect(request).toContainText('When does registration open for the spring event?');
    await expect(request.getByText(/^Email to .+: (sent|pending|failed)/).first()).toBeVisible();
    await request.getByRole('button', { name: `Mark request from Casey ${lastName} handled` }).click();
    await expect(shell.alert('Request marked as handled.')).toBeVisible();
    await expect(request).toHaveCount(0);
  });

  test("a state asks for an account and a school asks for a registration change; both reach the SUPER's inbox", async ({
    page,
  }, testInfo) => {
    test.slow();
    const shell = new AppShell(page);
    const lastName = uniqueName(testInfo.project.name, 'Requester').replaceAll(' ', '-');

    const accountRequest = new AccountRequestPage(page);
    await accountRequest.goto();
    // Send stays disabled until every rule passes and the captcha is solved.
    await expect(accountRequest.sendButton).toBeDisabled();
    await accountRequest.state.selectOption({ label: 'Vermont' });
    await accountRequest.fillPerson({
      firstName: 'Morgan',
      lastName,
      email: ' morgan@vermont.example.test ',
      phone: '8025550142',
    });
    await accountRequest.textbox('Phone').blur();
    await expect(accountRequest.textbox('Phone')).toHaveValue('(802) 555-0142');
    await expect(accountRequest.sendButton).toBeDisabled();
    await accountRequest.captcha.solve();
    await accountRequest.sendButton.click();
    await expect(
      page.getByText('Thank you for your interest. If approved, you will receive an email with a payment link'),
    ).toBeVisible();

    const changeRequest = new ChangeRequestPage(page);
    await changeRequest.goto();
    await changeRequest.state.selectOption({ label: DEMO_STATE });
    await changeRequest.textbox('School name').fill('Dover High School');
    await changeRequest.textbox('Event name').fill('Delaware ProStart Invitational 2026');
    await changeRequest.fillPerson({
      firstName: 'Riley',
      lastName,
      email: 'riley@dover.example.test',
      phone: '3025550177',
    });
    await changeRequest.textbox(/^Reason for the change/).fill('Replace Jada Rivera with Leo Park in Culinary.');
    await changeRequest.captcha.solve();
    await changeRequest.sendButton.click();
    await expect(page.getByText('Thank you. Your change request was sent to your state coordinator.')).toBeVisible();

    await shell.logInAs(demoUsers.super);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await inbox.search.fill(lastName);
    const account = inbox.request('Account request', `Morgan ${lastName}`);
    await expect(account).toBeVisible();
    // Stored as typed, without the spaces around it.
    await expect(account).toContainText('morgan@vermont.example.test');
    const change = inbox.request('Registration change', `Riley ${lastName}`);
    await expect(change).toBeVisible();
    await expect(change).toContainText('Replace Jada Rivera with Leo Park in Culinary.');
  });

  test('an ADMIN uploads a competition document and a visitor downloads it from the help page', async ({
    page,
    browser,
  }, testInfo) => {
    // Two browsers (the ADMIN and a visitor) in one test.
    test.slow();
    const shell = new AppShell(page);
    const help = new HelpPage(page);
    const documentName = uniqueName(testInfo.project.name, 'Knife skills rubric');
    const fileName = `${documentName.replaceAll(' ', '-').toLowerCase()}.pdf`;
    // Unique bytes: the same file twice in a state is refused.
    const bytes = Buffer.from(
      `%PDF-1.4\n% ${documentName}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    );

    await shell.logInAs(demoUsers.admin);
    await help.goto();
    await expect(help.state).toHaveValue(/\d+/);
    await help.uploadButton.click();
    const dialog = help.uploadDialog;
    await dialog.button('Upload').click();
    await expect(dialog.text('Document Name is required')).toBeVisible();
    await expect(dialog.text('Document is required')).toBeVisible();
    await dialog.textbox('Document name').fill(documentName);
    await dialog.root
      .locator('input[type="file"]')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: bytes });
    await dialog.button('Upload').click();
    await expect(shell.alert('File Added')).toBeVisible();
    await expect(help.document(documentName)).toBeVisible();

    const visitorContext = await browser.newContext();
    try {
      const visitorPage = await visitorContext.newPage();
      const visitorHelp = new HelpPage(visitorPage);
      await visitorHelp.goto();
      await visitorHelp.state.selectOption({ label: DEMO_STATE });
      const row = visitorHelp.document(documentName);
      await expect(row.getByRole('button', { name: `Delete ${documentName}` })).toHaveCount(0);
      const downloading = visitorPage.waitForEvent('download');
      await row.getByRole('link', { name: `Download ${documentName}` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(fileName);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    } finally {
      await visitorContext.close();
    }

    await help
      .document(documentName)
      .getByRole('button', { name: `Delete ${documentName}` })
      .click();
    await expect(help.confirm.message('Are you sure you want to delete this file?')).toBeVisible();
    await help.confirm.answer('Delete');
    await expect(shell.alert('Remove successful')).toBeVisible();
    await expect(help.document(documentName)).toHaveCount(0);
  });
});

test.describe('the captcha while its challenge is on its way', () => {
  // The challenge's request held by the page's route, which sees it only with no service worker.
  test.use({ serviceWorkers: 'block' });

  test('the widget is not offered until its challenge is configured; then one click solves it', async ({ page }) => {
    test.slow();
    let releaseChallenge!: () => void;
    const challengeHeld = new Promise<void>((resolve) => (releaseChallenge = resolve));
    let challengeAsked = false;
    await page.route('**/api/captcha/challenge', async (route) => {
      challengeAsked = true;
      await challengeHeld;
      await route.continue();
    });
    const contact = new ContactPage(page);
    await contact.goto();
    await expect.poll(() => challengeAsked).toBe(true);
    // Clicked now, the widget fetched a challenge of its own from the page's address, failed,
    // and a single click never verified.
    await expect(contact.form.getByText(/^Verification/)).toBeVisible();
    await expect(contact.captcha.label).toBeHidden();
    await expect(contact.captcha.checkbox).toHaveCount(0);
    releaseChallenge();
    await contact.captcha.solve();
  });
});
