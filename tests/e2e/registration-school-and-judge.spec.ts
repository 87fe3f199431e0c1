import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { uniqueName } from './pages/events-dialogs.ts';
import { EventsSetup } from './pages/events-setup.ts';
import { JudgeRegistrationPage, SchoolRegistrationPage } from './pages/registration-forms.page.ts';
import { DEMO_STATE, demoUsers } from './support/demo-users.ts';

test.describe('public registration', () => {
  test('a visitor registers a new school with students in two categories, and a second try is refused', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const setup = await EventsSetup.as(request, demoUsers.admin);
    const event = await setup.createEvent(uniqueName(testInfo.project.name, 'Fall Invitational'), [
      'Culinary',
      'Hospitality',
    ]);
    const schoolName = uniqueName(testInfo.project.name, 'Cape Henlopen High');
    const registration = new SchoolRegistrationPage(page);

    await registration.goto();
    await registration.chooseEvent(DEMO_STATE, event.eventId);
    await registration.submitButton.click();
    await expect(
      registration.form.getByText(
        'Please make a selection - if your school is not listed, select * My school is not listed *',
      ),
    ).toBeVisible();
    // A public write: the visitor proves it is no robot (decisions §7).
    await expect(registration.form.getByText('Please confirm you are not a robot')).toBeVisible();

    await registration.school.selectOption({ label: '* My school is not listed *' });
    await registration.textbox('School name').fill(schoolName);
    await registration.textbox('Educator 1').fill('Chef Alvarez');
    await registration.textbox('Primary contact name').fill('Jordan Alvarez');
    await registration.textbox('Primary contact email').fill(`contact.${testInfo.project.name}@school.e2e.test`);
    await registration.textbox('Primary contact cell phone').fill('3025550142');
    await registration.category('Culinary').check();
    await registration.category('Hospitality').check();
    await registration.students('Culinary').fill('Ann Lee, Bo Chen');
    await registration.students('Hospitality').fill('A, B, C, D, E, F');
    await registration.submitButton.click();
    await expect(registration.form.getByText('Up to 5 students per category, separated by commas')).toBeVisible();
    await registration.students('Hospitality').fill('Cy Diaz, Di Evans');
    await registration.captcha.solve();
    await expect(registration.form.getByText('Please confirm you are not a robot')).toHaveCount(0);
    await registration.submitButton.click();
    await expect(page.getByText('Registration successful.', { exact: true })).toBeVisible();

    // The school is now on the list; registering it again points to the change request form.
    await page.getByRole('button', { name: 'Register another school' }).click();
    await expect(registration.event).toHaveValue(String(event.eventId));
    await registration.school.selectOption({ label: schoolName });
    const refusal = page.getByRole('alert').filter({ hasText: 'School is already registered' });
    await expect(refusal).toBeVisible();
    await expect(refusal.getByRole('link', { name: 'registration change request' })).toHaveAttribute(
      'href',
      '/school-change-request',
    );
    await expect(registration.submitButton).toBeDisabled();

    const schools = await setup.eventSchools(event.eventId);
    const registered = schools.find((school) => school.schoolName === schoolName);
    expect(registered?.categories.map((category) => [category.categoryName, category.schoolStudents])).toEqual([
      ['Culinary', ['Ann Lee', 'Bo Chen']],
      ['Hospitality', ['Cy Diaz', 'Di Evans']],
    ]);
  });

  test('a visitor registers as a judge and logs in right away', async ({ page }, testInfo) => {
    // Two password hashes (registration and login) on a busy machine.
    test.slow();
    const shell = new AppShell(page);
    const registration = new JudgeRegistrationPage(page);
    const email = `${uniqueName(testInfo.project.name, 'judge').replaceAll(' ', '.').toLowerCase()}@judges.e2e.test`;
    const password = 'Fresh-Judge-2026';

    await registration.goto();
    await registration.state.selectOption({ label: DEMO_STATE });
    await registration.textbox('First name').fill('Riley');
    await registration.textbox('Last name').fill('Nguyen');
    await registration.textbox('Email').fill(email);
    await registration.textbox('Phone').fill('302-555-0199');
    await registration.password('Password').fill('short');
    await registration.password('Confirm password').fill('different');
    await registration.submitButton.click();
    await expect(registration.form.getByText('Password must be between 8 and 64 characters long')).toBeVisible();
    await expect(registration.form.getByText('Please confirm you are not a robot')).toBeVisible();
    await registration.captcha.solve();
    await registration.password('Password').fill(password);
    await registration.submitButton.click();
    await expect(registration.form.getByText('Password must match')).toBeVisible();
    await registration.password('Confirm password').fill(password);
    await registration.submitButton.click();

    await expect(page.getByText('Registration successful.', { exact: true }).first()).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await shell.submitLogin({ email }, password);
    await expect(page).toHaveURL(/\/judge-dashboard\/\d+$/);
    await expect(shell.greeting({ firstName: 'Riley' })).toBeVisible();
  });
});
