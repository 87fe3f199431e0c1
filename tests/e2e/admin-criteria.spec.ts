import { expect, test } from '@playwright/test';
import { CriteriaPage, SectionDetailPage } from './pages/admin-criteria.page.ts';
import { ConfirmDialog, uniqueLabel } from './pages/admin-dialogs.page.ts';
import { createSectionHeldByStartedEvent } from './pages/criteria-setup.ts';
import { AdminShell } from './pages/admin-shell.page.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { demoUsers } from './support/demo-users.ts';

test.describe('criteria (manage-sections and section detail)', () => {
  test('an ADMIN builds a section: two subsections, new fixed and time-based penalties and a disqualification', async ({
    page,
  }, testInfo) => {
    // One coordinator's whole set-up, screen by screen: longer than the default budget.
    test.setTimeout(120_000);
    const shell = new AppShell(page);
    const criteria = new CriteriaPage(page);
    const detail = new SectionDetailPage(page);
    const project = testInfo.project.name;
    const names = {
      section: uniqueLabel(project, 'Plating'),
      firstSubsection: uniqueLabel(project, 'Plate balance'),
      secondSubsection: uniqueLabel(project, 'Garnish'),
      fixedPenalty: uniqueLabel(project, 'Dirty station'),
      timedPenalty: uniqueLabel(project, 'Late plating'),
      disqualification: uniqueLabel(project, 'Raw protein served'),
    };
    await shell.logInAs(demoUsers.admin);

    // Penalty tab: a fixed and a time-based penalty, with the seed's messages on an empty form.
    await criteria.goto();
    await expect(criteria.heading).toBeVisible();
    await criteria.tab('Penalty').click();
    await expect(page).toHaveURL(/\?tab=penalty$/);
    await criteria.addButton('Add penalty').click();
    const addPenalty = criteria.penaltyDialog('Add');
    await addPenalty.saveButton.click();
    await expect(addPenalty.text('Penalty Name is required')).toBeVisible();
    await expect(addPenalty.text('Penalty Deduction is required')).toBeVisible();
    await addPenalty.cancelButton.click();
    await expect(addPenalty.root).toBeHidden();

    await criteria.addPenalty(names.fixedPenalty, 4, false);
    await expect(shell.alert('Penalty added successfully.')).toBeVisible();
    await expect(criteria.row(criteria.penaltiesTable, names.fixedPenalty)).toContainText('4');
    await expect(criteria.row(criteria.penaltiesTable, names.fixedPenalty)).toContainText('No');

    await criteria.addPenalty(names.timedPenalty, 3, true);
    await expect(criteria.row(criteria.penaltiesTable, names.timedPenalty)).toContainText('Yes');

    // Updating a penalty renames it; its deduction and time-based flag are locked.
    await criteria
      .row(criteria.penaltiesTable, names.timedPenalty)
      .getByRole('button', { name: `Update ${names.timedPenalty}` })
      .click();
    const updatePenalty = criteria.penaltyDialog('Update');
    await expect(updatePenalty.select('Maximum deduction')).toBeDisabled();
    await expect(updatePenalty.select('Maximum deduction')).toHaveValue('3');
    await expect(updatePenalty.checkbox('Variable (time-based) deduction')).toBeDisabled();
    await expect(updatePenalty.checkbox('Variable (time-based) deduction')).toBeChecked();
    names.timedPenalty = `${names.timedPenalty} v2`;
    await updatePenalty.textbox('Penalty name').fill(names.timedPenalty);
    await updatePenalty.saveButton.click();
    await expect(shell.alert('Penalty updated successfully.')).toBeVisible();
    await expect(criteria.row(criteria.penaltiesTable, names.timedPenalty)).toBeVisible();

    // Disqualification tab.
    await criteria.tab('Disqualification').click();
    await criteria.addButton('Add disqualification').click();
    const addDisqualification = criteria.disqualificationDialog('Add');
    await addDisqualification.saveButton.click();
    await expect(addDisqualification.text('Disqualification Name is required')).toBeVisible();
    await addDisqualification.textbox('Disqualification name').fill(names.disqualification);
    await addDisqualification.saveButton.click();
    await expect(shell.alert('Disqualification added successfully.')).toBeVisible();
    await expect(criteria.row(criteria.disqualificationsTable, names.disqualification)).toBeVisible();

    // Section tab: a new section opens on its detail page.
    await criteria.tab('Section').click();
    await criteria.addButton('Add section').click();
    const addSection = criteria.sectionDialog('Add');
    await addSection.saveButton.click();
    await expect(addSection.text('Section Name is required')).toBeVisible();
    await addSection.textbox('Section name').fill(names.section);
    await addSection.textbox('Description').fill('How the plate looks when it reaches the pass.');
    await addSection.saveButton.click();
    await expect(shell.alert('Section added successfully.')).toBeVisible();
    await expect(detail.heading).toHaveText(names.section);
    await expect(page).toHaveURL(/\/admin\/section-detail\/\d+$/);

    // Two subsections, the score shown as '1 - max'.
    await detail.addButton('Add subsection').click();
    const addSubsection = detail.subsectionDialog('Add');
    await addSubsection.saveButton.click();
    await expect(addSubsection.text('Subsection Name is required')).toBeVisible();
    await expect(addSubsection.text('Score Range is required')).toBeVisible();
    await addSubsection.cancelButton.click();
    await detail.addSubsection(names.firstSubsection, 'Colour, height and spacing.', 10);
    await expect(shell.alert('Subsection added successfully.')).toBeVisible();
    await expect(detail.row(detail.subsectionsTable, names.firstSubsection)).toContainText('1 - 10');
    await detail.addSubsection(names.secondSubsection, 'Edible and purposeful.', 5);
    await expect(detail.row(detail.subsectionsTable, names.secondSubsection)).toContainText('1 - 5');

    // Attach the new penalties, chosen from the state's available ones.
    await detail.addButton('Add penalty').click();
    const selectPenalties = detail.selectDialog('penalties');
    await selectPenalties.button('Add selected').click();
    await expect(selectPenalties.text('Select at least one penalty')).toBeVisible();
    await selectPenalties.checkbox(names.fixedPenalty).check();
    await selectPenalties.checkbox(names.timedPenalty).check();
    await selectPenalties.button('Add selected').click();
    await expect(shell.alert('Penalty added successfully.')).toBeVisible();
    await expect(detail.row(detail.penaltiesTable, names.fixedPenalty)).toContainText('No');
    await expect(detail.row(detail.penaltiesTable, names.timedPenalty)).toContainText('Yes');

    await detail.addButton('Add disqualification').click();
    const selectDisqualifications = detail.selectDialog('disqualifications');
    await selectDisqualifications.checkbox(names.disqualification).check();
    await selectDisqualifications.button('Add selected').click();
    await expect(shell.alert('Disqualification added successfully.')).toBeVisible();
    await expect(detail.row(detail.disqualificationsTable, names.disqualification)).toBeVisible();

    // Editing a subsection: the max score is locked.
    await detail
      .row(detail.subsectionsTable, names.firstSubsection)
      .getByRole('button', { name: `Edit ${names.firstSubsection}` })
      .click();
    const updateSubsection = detail.subsectionDialog('Update');
    await expect(updateSubsection.select('Score range')).toBeDisabled();
    await expect(updateSubsection.select('Score range')).toHaveValue('10');
    await updateSubsection.textbox('Description').fill('Colour, height, spacing and clean rims.');
    await updateSubsection.saveButton.click();
    await expect(shell.alert('Subsection updated successfully.')).toBeVisible();
    await expect(detail.row(detail.subsectionsTable, names.firstSubsection)).toContainText('clean rims');

    // Removing asks first; cancelling keeps the row.
    const confirm = new ConfirmDialog(page);
    const secondRow = detail.row(detail.subsectionsTable, names.secondSubsection);
    await secondRow.getByRole('button', { name: `Delete ${names.secondSubsection}` }).click();
    await expect(confirm.message(`Are you sure you want to remove ${names.secondSubsection}?`)).toBeVisible();
    await confirm.confirm('Cancel');
    await expect(secondRow).toBeVisible();
    await secondRow.getByRole('button', { name: `Delete ${names.secondSubsection}` }).click();
    await confirm.confirm('Remove');
    await expect(shell.alert('Subsection removed successfully.')).toBeVisible();
    await expect(secondRow).toHaveCount(0);

    await detail.row(detail.disqualificationsTable, names.disqualification).getByRole('button').click();
    await confirm.confirm('Remove');
    await expect(shell.alert('Disqualification removed successfully.')).toBeVisible();
    await expect(detail.row(detail.disqualificationsTable, names.disqualification)).toHaveCount(0);

    // Back to the list, where the search finds the new section.
    await detail.backButton.click();
    await expect(criteria.heading).toBeVisible();
    await criteria.search.fill(names.section);
    await expect(criteria.row(criteria.sectionsTable, names.section)).toContainText('reaches the pass');
    await expect(criteria.sectionsTable.getByRole('row')).toHaveCount(2);
  });

  test('a section held by an event in progress refuses a new subsection, says why, and Copy section opens a copy that takes it', async ({
    page,
    request,
  }, testInfo) => {
    const shell = new AppShell(page);
    const detail = new SectionDetailPage(page);
    const held = await createSectionHeldByStartedEvent(request, uniqueLabel(testInfo.project.name, 'Tasting'));
    await shell.logInAs(demoUsers.admin);
    await detail.goto(held.sectionId);
    await expect(detail.heading).toHaveText(held.sectionName);

    await detail.addSubsection('Aroma', 'Smelled before the first taste.', 5);
    await expect(detail.lockedAlert).toContainText(
      `This section is used by "${held.eventName}", which is in progress: its subsections, penalties and disqualifications cannot change. Copy the section to make a changed version.`,
    );
    await expect(detail.subsectionDialog('Add').root).toBeHidden();
    await expect(detail.row(detail.subsectionsTable, 'Aroma')).toHaveCount(0);

    await detail.lockedAlertCopyButton().click();
    await expect(shell.alert('Section copied successfully. The copy is yours to change.')).toBeVisible();
    await expect(detail.heading).toHaveText(`${held.sectionName} (copy)`);
    await expect(page).not.toHaveURL(new RegExp(`/admin/section-detail/${held.sectionId}$`));
    await expect(detail.row(detail.subsectionsTable, held.subsectionName)).toContainText('1 - 10');
    await expect(detail.lockedAlert).toBeHidden();

    await detail.addSubsection('Aroma', 'Smelled before the first taste.', 5);
    await expect(shell.alert('Subsection added successfully.')).toBeVisible();
    await expect(detail.row(detail.subsectionsTable, 'Aroma')).toContainText('1 - 5');
  });

  test('a section that does not exist warns and goes back to the list', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.logInAs(demoUsers.admin);
    await page.goto('/admin/section-detail/999999');
    await expect(shell.alert('No section data available')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/manage-sections$/);
    await expect(new AdminShell(page).heading).toHaveText('Criteria');
  });
});
