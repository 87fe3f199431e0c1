import { expect, test } from '@playwright/test';
import { uniqueLabel } from './pages/admin-dialogs.page.ts';
import { SchoolsPage } from './pages/admin-schools.page.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { demoUsers } from './support/demo-users.ts';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

test.describe('manage schools', () => {
  test('an ADMIN edits a school, and the update alert stays until closed', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    // One demo school per project, so the laptop and tablet runs never edit the same one.
    const schoolName = testInfo.project.name === 'tablet' ? 'Smyrna High School' : 'Dover High School';
    const principal = uniqueLabel(testInfo.project.name, 'Dr. Rivera');
    const educator3 = uniqueLabel(testInfo.project.name, 'Chef Okoye');
    const shell = new AppShell(page);
    const schools = new SchoolsPage(page);
    // The page's timers run on a clock the test moves, so "stays" is checked without waiting.
    await page.clock.install();
    await shell.logInAs(demoUsers.admin);
    await schools.goto();

    await schools.search.fill(schoolName);
    const row = schools.row(schoolName);
    await expect(row).toContainText(/\(302\) 555-\d{4}/);
    await row.getByRole('button', { name: `Edit ${schoolName}` }).click();
    const dialog = schools.modifyDialog;
    await expect(dialog.textbox('School name')).toHaveValue(schoolName);
    await dialog.textbox('Principal').fill('');
    await dialog.textbox('Primary contact email').fill('nope');
    await dialog.saveButton.click();
    await expect(dialog.text('Principal is required')).toBeVisible();
    await expect(dialog.text('Email format is invalid')).toBeVisible();

    await dialog.textbox('Principal').fill(principal);
    await dialog.textbox('Educator 3').fill(educator3);
    await dialog.textbox('Primary contact email').fill(`office.${testInfo.project.name}@school.e2e.test`);
    await dialog.saveButton.click();
    const alert = shell.alert('School updated successfully.');
    await expect(alert).toBeVisible();
    await expect(dialog.root).toBeHidden();
    await expect(row).toContainText(principal);

    await page.clock.fastForward(10_000);
    await expect(alert).toBeVisible();

    // 'more' shows the staff: the principal and educators 1 to 3.
    await row.getByRole('button', { name: `More about ${schoolName}` }).click();
    const staff = schools.staffDialog(schoolName);
    await expect(staff).toContainText(principal);
    // Both demo schools have one educator; the third is the one just added.
    await expect(staff.getByRole('listitem')).toHaveCount(2);
    await expect(staff.getByRole('listitem').last()).toHaveText(educator3);
    await staff.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(staff).toBeHidden();
  });

  test('the list sorts by school and by contact name and offers school registration', async ({ page }) => {
    const shell = new AppShell(page);
    const schools = new SchoolsPage(page);
    await shell.logInAs(demoUsers.standard);
    await schools.goto();
    await expect(schools.row('Appoquinimink High School')).toBeVisible();
    await expect(schools.registerSchoolLink).toHaveAttribute('href', '/school');

    const contactHeader = schools.table.getByRole('columnheader', { name: 'Primary contact' });
    await schools.sortButton('Primary contact').click();
    await expect(contactHeader).toHaveAttribute('aria-sort', 'ascending');
    const contacts = await schools.table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(contacts).toEqual([...contacts].sort(collator.compare));

    await schools.sortButton('School').click();
    const schoolHeader = schools.table.getByRole('columnheader', { name: 'School', exact: true });
    await expect(schoolHeader).toHaveAttribute('aria-sort', 'ascending');
    await schools.sortButton('School').click();
    await expect(schoolHeader).toHaveAttribute('aria-sort', 'descending');
    const names = await schools.table.locator('tbody tr td:first-child').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => collator.compare(b, a)));
  });
});
