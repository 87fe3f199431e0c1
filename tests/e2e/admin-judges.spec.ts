import { expect, test } from '@playwright/test';
import { ConfirmDialog, uniqueLabel } from './pages/admin-dialogs.page.ts';
import { JudgesPage } from './pages/admin-judges.page.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { demoUsers } from './support/demo-users.ts';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

test.describe('manage judges', () => {
  test('an ADMIN adds, edits, archives and reactivates a judge', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const shell = new AppShell(page);
    const judges = new JudgesPage(page);
    const lastName = uniqueLabel(testInfo.project.name, 'Zamora');
    const email = `${lastName.replace(/\W+/g, '.').toLowerCase()}@e2e.test`;
    await shell.logInAs(demoUsers.admin);
    await judges.goto();
    await judges.waitForJudges();

    await judges.addJudgeButton.click();
    const add = judges.judgeDialog('Add');
    await add.saveButton.click();
    await expect(add.text('First Name is required')).toBeVisible();
    await expect(add.text('Last Name is required')).toBeVisible();
    await expect(add.text('Email is required')).toBeVisible();
    await expect(add.text('Phone number is required')).toBeVisible();
    await judges.fillJudge(add, { firstName: 'Ines', lastName, email: 'not-an-email', phone: '3025550142' });
    await add.saveButton.click();
    await expect(add.text('Email format is invalid')).toBeVisible();
    await add.textbox('Email').fill(email);
    await add.saveButton.click();
    await expect(shell.alert('Judge added successfully.')).toBeVisible();
    await expect(add.root).toBeHidden();

    await judges.search.fill(lastName);
    const row = judges.row(lastName);
    await expect(row).toContainText('Ines');
    await expect(row).toContainText(email);
    await expect(row).toContainText('(302) 555-0142');
    await expect(judges.table.getByRole('row')).toHaveCount(2);

    // Edit: ADMIN has no state selector (ULTRA only).
    await row.getByRole('button', { name: `Edit Ines ${lastName}` }).click();
    const edit = judges.judgeDialog('Edit');
    await expect(edit.textbox('Email')).toHaveValue(email);
    await expect(edit.select('State')).toHaveCount(0);
    await edit.textbox('First name').fill('Inés');
    await edit.textbox('Phone').fill('302.555.0199');
    await edit.saveButton.click();
    await expect(shell.alert('Judge updated successfully.')).toBeVisible();
    await expect(row).toContainText('Inés');
    await expect(row).toContainText('(302) 555-0199');

    // Archive asks first, then the judge leaves the list…
    await row.getByRole('button', { name: `Archive Inés ${lastName}` }).click();
    const confirm = new ConfirmDialog(page);
    await expect(confirm.message(`Are you sure you want to archive Inés ${lastName}?`)).toBeVisible();
    await confirm.confirm('Archive');
    await expect(shell.alert('Judge Archived')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(judges.table).toContainText('No judge matches your search.');

    // …and comes back from the archived-judges modal.
    await judges.archivedJudgesButton.click();
    await expect(judges.archivedDialog).toBeVisible();
    await judges.archivedDialog.getByRole('button', { name: `Reactivate Inés ${lastName}` }).click();
    await expect(shell.alert('Judge activated')).toBeVisible();
    await expect(judges.archivedDialog.getByRole('row').filter({ hasText: lastName })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(judges.archivedDialog).toBeHidden();
    await expect(row).toContainText('Inés');
  });

  test('last names sort ascending, and descending on a click', async ({ page }) => {
    const shell = new AppShell(page);
    const judges = new JudgesPage(page);
    await shell.logInAs(demoUsers.standard);
    await judges.goto();
    await judges.waitForJudges();

    await expect(judges.lastNameHeader).toHaveAttribute('aria-sort', 'ascending');
    const ascending = await judges.lastNameCells().allTextContents();
    expect(ascending).toEqual([...ascending].sort(collator.compare));

    await judges.lastNameSortButton.click();
    await expect(judges.lastNameHeader).toHaveAttribute('aria-sort', 'descending');
    const descending = await judges.lastNameCells().allTextContents();
    expect(descending).toEqual([...descending].sort((a, b) => collator.compare(b, a)));
    await expect(judges.table.getByRole('row').nth(1)).not.toContainText(ascending[0] ?? '');
  });

  test('only an ULTRA sees the state selector when editing a judge', async ({ page }) => {
    const shell = new AppShell(page);
    const judges = new JudgesPage(page);
    await shell.logInAs(demoUsers.ultra);
    await judges.goto();
    await judges.waitForJudges();
    await judges
      .bodyRow(0)
      .getByRole('button', { name: /^Edit / })
      .click();
    const edit = judges.judgeDialog('Edit');
    await expect(edit.select('State')).toBeVisible();
    await expect(edit.select('State').getByRole('option', { name: 'Delaware', exact: true })).toHaveJSProperty(
      'selected',
      true,
    );
    await edit.cancelButton.click();
    await expect(edit.root).toBeHidden();
  });
});
