import { expect, test } from '@playwright/test';
import { AccountDetailPage } from './pages/admin-accounts.page.ts';
import { CriteriaPage, SectionDetailPage } from './pages/admin-criteria.page.ts';
import { JudgesPage } from './pages/admin-judges.page.ts';
import { SchoolsPage } from './pages/admin-schools.page.ts';
import { AdminShell } from './pages/admin-shell.page.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { EventDetailPage, ManageEventsPage } from './pages/events-admin.page.ts';
import { createExpiredAccount } from './pages/expired-account.ts';
import { ContactPage, HelpPage, InboxPage } from './pages/public-forms.page.ts';
import { wcagViolations } from './support/axe.ts';

// decisions §3: an expired account's users log in and read, see a banner, and change nothing;
// the screens offer no control the server would refuse, and the contact form they are sent to
// lists their state.
test('an expired account’s ADMIN reads every admin screen without write controls and can contact us', async ({
  page,
  request,
}) => {
  // Seven screens, the account's setup and a captcha solved in the browser.
  test.slow();
  const account = await createExpiredAccount(request, ['Rhode Island', 'New Hampshire', 'Connecticut', 'South Dakota']);
  const shell = new AppShell(page);
  const main = page.getByRole('main');
  const writeControls = main.getByRole('button', {
    name: /^(Add|Edit|Update|Delete|Remove|Archive|Reactivate|Upload|Select sections|Start event|End event|Unlock|Mark|Reopen)\b/,
  });
  const banner = main.getByRole('alert').filter({ hasText: 'This account has expired' });

  await shell.logInAs({ email: account.admin.email });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(`The ${account.stateName} subscription expired on 01/31/20`);
  await expect(banner.getByRole('link', { name: 'contact us' })).toBeVisible();

  const judges = new JudgesPage(page);
  await judges.goto();
  await expect(judges.row(account.judgeLastName)).toBeVisible();
  await expect(banner).toBeVisible();
  await expect(judges.addJudgeButton).toHaveCount(0);
  await expect(judges.table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(writeControls).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading$/ })).toHaveCount(0);
  expect(await wcagViolations(page), 'the judges page with the banner').toEqual([]);

  const criteria = new CriteriaPage(page);
  await criteria.goto();
  await expect(criteria.row(criteria.sectionsTable, account.sectionName)).toBeVisible();
  await expect(criteria.addButton('Add section')).toHaveCount(0);
  await expect(writeControls).toHaveCount(0);
  await criteria.tab('Penalty').click();
  await expect(criteria.penaltiesTable).toBeVisible();
  await expect(writeControls).toHaveCount(0);
  await criteria.tab('Section').click();
  await criteria
    .row(criteria.sectionsTable, account.sectionName)
    .getByRole('link', { name: `View ${account.sectionName}` })
    .click();
  const section = new SectionDetailPage(page);
  await expect(section.heading).toHaveText(account.sectionName);
  await expect(section.editSectionButton).toHaveCount(0);
  await expect(writeControls).toHaveCount(0);

  const schools = new SchoolsPage(page);
  await schools.goto();
  await expect(schools.row(account.schoolName)).toBeVisible();
  // The state takes no registrations while its account is expired.
  await expect(schools.registerSchoolLink).toHaveCount(0);
  await expect(writeControls).toHaveCount(0);

  const events = new ManageEventsPage(page);
  await events.goto();
  await expect(events.row(account.eventName)).toBeVisible();
  await expect(events.addButton).toHaveCount(0);
  await expect(writeControls).toHaveCount(0);
  await events
    .row(account.eventName)
    .getByRole('link', { name: `View ${account.eventName}` })
    .click();
  const event = new EventDetailPage(page);
  await expect(event.heading).toContainText(account.eventName);
  await expect(event.editButton).toHaveCount(0);
  await expect(event.addCategoryButton).toHaveCount(0);
  await expect(writeControls).toHaveCount(0);
  await event.openCategory(account.categoryName);
  await expect(main.getByRole('table', { name: 'Schools in running order' })).toContainText(account.schoolName);
  await expect(main.getByRole('link', { name: 'Register school' })).toHaveCount(0);
  await expect(writeControls).toHaveCount(0);
  // Not started: an expired account does not start it (only an event under way runs on).
  await page.goto(`/admin/event-run/${account.eventId}`);
  await expect(main.getByTestId('event-status')).toHaveText('Not Started');
  await expect(writeControls).toHaveCount(0);

  await new AdminShell(page).tab('Accounts').click();
  const detail = new AccountDetailPage(page);
  await expect(detail.heading).toHaveText(account.stateName);
  await expect(detail.userCard(`${account.admin.firstName} ${account.admin.lastName}`)).toBeVisible();
  await expect(detail.addUserButton).toHaveCount(0);
  await expect(writeControls).toHaveCount(0);

  // The state's documents stay readable; deleting and uploading are writes.
  const help = new HelpPage(page);
  await help.goto();
  await expect(help.state).toHaveValue(String(account.stateId));
  const document = help.document(account.documentName);
  await expect(document.getByRole('link', { name: `Download ${account.documentName}` })).toBeVisible();
  await expect(help.uploadButton).toHaveCount(0);
  await expect(writeControls).toHaveCount(0);

  // The banner sends them to the contact form, which lists their state.
  const contact = new ContactPage(page);
  await contact.goto();
  await expect(contact.state.getByRole('option', { name: account.stateName, exact: true })).toBeAttached();
  await contact.state.selectOption({ label: account.stateName });
  await contact.fillPerson({
    firstName: account.admin.firstName,
    lastName: account.admin.lastName,
    email: account.admin.email,
    phone: '4015550142',
  });
  await contact.form.getByRole('textbox', { name: /^Comments/ }).fill('Please renew our subscription.');
  await contact.captcha.solve();
  await contact.sendButton.click();
  await expect(
    page.getByText('Thank you for contacting us. A coordinator will answer within one to two business days.'),
  ).toBeVisible();

  // The request is in the state's inbox, readable; marking it handled is a write.
  const inbox = new InboxPage(page);
  await inbox.goto();
  const sent = inbox.request('Contact', `${account.admin.firstName} ${account.admin.lastName}`);
  await expect(sent).toContainText('Please renew our subscription.');
  await expect(writeControls).toHaveCount(0);

  // Registrations stay with the states that take them, and the form says why a state is missing.
  await page.goto('/judge');
  const judgeForm = page.getByRole('form', { name: 'Judge registration' });
  await expect(
    judgeForm.getByRole('combobox', { name: 'State' }).getByRole('option', { name: 'Delaware' }),
  ).toBeAttached();
  await expect(
    judgeForm.getByRole('combobox', { name: 'State' }).getByRole('option', { name: account.stateName, exact: true }),
  ).toHaveCount(0);
  await expect(judgeForm).toContainText('Only states with an active subscription take registrations.');
  await expect(judgeForm.getByRole('link', { name: 'Contact us' })).toBeVisible();
});
