// Final means complete (decisions §7), through the real app on a fresh SQLite database: work
// added after a judge submitted reopens exactly the judges who now owe cells (audited, told to
// their device with a reason, shown on the run page), and End refuses, naming the judge and the
// missing cells, until every assigned judge has scored everything and submitted again.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ReopenReason, type ResultsReport } from '@judging/shared-types';
import { createSchool, createSection, fillCategory, snapshotTables } from '../test-support/factories.ts';
import {
  buildSmallEvent,
  download,
  endEvent,
  isSubmitted,
  runView,
  scoreAndSubmit,
  scoreSheet,
  startEvent,
  submit,
  type SmallEvent,
  registerNewSchool,
} from '../test-support/small-event.ts';

async function reopenAudits(event: SmallEvent) {
  return event.world.t.db
    .selectFrom('audit_log')
    .select(['entity_id', 'user_id', 'after_json'])
    .where('action', '=', 'reopen')
    .orderBy('audit_id')
    .execute();
}

test('a school registered after the judges submitted reopens both, and End names the missing cells', async () => {
  const event = await buildSmallEvent();
  const { t } = event.world;
  const { ada, ben } = event.judges;
  await scoreAndSubmit(event, ada, [event.plating]);
  await scoreAndSubmit(event, ben, [event.plating]);

  const cedar = await registerNewSchool(event, 'Cedar Academy', 'omar@cedar.test');

  assert.is(await isSubmitted(event, ada), false, 'Ada owes Cedar: reopened');
  assert.is(await isSubmitted(event, ben), false, 'Ben owes Cedar: reopened');
  const audits = await reopenAudits(event);
  assert.equal(
    audits.map((row) => [row.entity_id, row.user_id]),
    [
      [`${event.categoryId}:${ada.userId}`, null],
      [`${event.categoryId}:${ben.userId}`, null],
    ],
    'audited, by the visitor who registered',
  );
  assert.match(audits[0]?.after_json ?? '', 'Cedar Academy – Plating: Factory Subsection');
  const change = await t.db
    .selectFrom('change_log')
    .select(['op', 'payload_json'])
    .where('entity', '=', 'categorySubmission')
    .where('judge_id', '=', ada.userId)
    .orderBy('change_id', 'desc')
    .executeTakeFirstOrThrow();
  assert.is(change.op, 'delete');
  assert.is(JSON.parse(change.payload_json ?? '{}').reason, ReopenReason.schoolRegistered);

  const adaCategory = (await download(event, ada)).categories[0];
  assert.equal([adaCategory?.isSubmitted, adaCategory?.reopened?.reason], [false, ReopenReason.schoolRegistered]);
  const view = await runView(event);
  assert.equal(
    view.categories[0]?.judges.map((judge) => [judge.judgeFirstName, judge.status, judge.reopened?.reason ?? null]),
    [
      ['Ben', '-', ReopenReason.schoolRegistered],
      ['Ada', '-', ReopenReason.schoolRegistered],
    ],
  );

  await startEvent(event);
  const tables = ['event', 'results_snapshot', 'category_submission', 'audit_log'] as const;
  const before = await snapshotTables(t.db, tables);
  const refused = await endEvent(event);
  assert.is(refused.statusCode, 409);
  assert.is(refused.json().code, 'INCOMPLETE');
  assert.match(
    refused.json().message,
    'Ada Lovelace (Pastry): 1 cell not scored: Cedar Academy – Plating: Factory Subsection.',
  );
  assert.match(refused.json().message, 'Ben Franklin (Pastry): 1 cell not scored');
  assert.equal(await snapshotTables(t.db, tables), before, 'a refused End changes nothing');

  assert.equal(await scoreSheet(event, ada, event.plating, cedar), [201], 'the new school is scored, not 409');
  assert.equal(await scoreSheet(event, ben, event.plating, cedar), [201]);
  const notSubmitted = await endEvent(event);
  assert.is(notSubmitted.statusCode, 409);
  assert.match(notSubmitted.json().message, 'Ada Lovelace (Pastry): has not submitted.');
  assert.is((await submit(event, ada)).statusCode, 200);
  assert.is((await submit(event, ben)).statusCode, 200);
  assert.is((await runView(event)).canEnd, true);
  const ended = await endEvent(event);
  assert.is(ended.statusCode, 200, ended.body);

  const results = await t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/results/event/${event.eventId}`,
    headers: event.world.admin.headers,
  });
  const report = results.json() as ResultsReport;
  assert.ok(report.isFinal);
  assert.equal(
    report.categories[0]?.standings.map((line) => [line.schoolName, line.placeLabel, line.statusLabel]),
    [
      ['Alder High', 'T-1', 'Scored'],
      ['Birch High', 'T-1', 'Scored'],
      ['Cedar Academy', 'T-1', 'Scored'],
    ],
  );
  await t.close();
});

test('a section attached and one judge assigned to it after submitting reopens that judge only', async () => {
  const event = await buildSmallEvent();
  const { t, stateId } = event.world;
  const { ada, ben } = event.judges;
  await scoreAndSubmit(event, ada, [event.plating]);
  await scoreAndSubmit(event, ben, [event.plating]);
  await startEvent(event);
  const tasting = await createSection(t.db, { stateId, sectionName: 'Tasting' });
  const base = `/api/event/${event.eventId}/category/${event.categoryId}/section`;
  const attached = await t.app.inject({
    method: 'POST',
    url: base,
    headers: event.world.admin.headers,
    payload: [{ sectionId: tasting }],
  });
  assert.is(attached.statusCode, 200, attached.body);
  assert.equal([await isSubmitted(event, ada), await isSubmitted(event, ben)], [true, true], 'nobody owes Tasting yet');
  const unjudged = await endEvent(event);
  assert.is(unjudged.statusCode, 409, 'a section nobody judges would publish partial totals');
  assert.match(unjudged.json().message, 'Pastry: no judge is assigned to Tasting.');

  const assigned = await t.app.inject({
    method: 'POST',
    url: `${base}/${tasting}`,
    headers: event.world.admin.headers,
    payload: [{ judgeId: ada.userId }],
  });
  assert.is(assigned.statusCode, 200, assigned.body);
  assert.equal([await isSubmitted(event, ada), await isSubmitted(event, ben)], [false, true], 'exactly Ada owes cells');
  const audits = await reopenAudits(event);
  assert.equal(
    audits.map((row) => [row.entity_id, row.user_id]),
    [[`${event.categoryId}:${ada.userId}`, event.world.admin.userId]],
  );
  const view = await runView(event);
  const adaRow = view.categories[0]?.judges.find((judge) => judge.judgeId === ada.userId);
  assert.equal(
    [adaRow?.status, adaRow?.reopened?.reason, adaRow?.cellsScored, adaRow?.cellsExpected],
    ['In Progress', ReopenReason.judgeAssigned, 2, 4],
  );
  assert.is(view.canEnd, false);

  const refused = await endEvent(event);
  assert.is(refused.statusCode, 409);
  assert.match(
    refused.json().message,
    'Ada Lovelace (Pastry): 2 cells not scored: Alder High – Tasting: Factory Subsection',
  );
  assert.not.match(refused.json().message, 'Ben Franklin');
  await scoreAndSubmit(event, ada, [tasting]);
  assert.is((await endEvent(event)).statusCode, 200);
  await t.close();
});

test('students given to a school that had none reopen the judges; a reorder or a removal reopens nobody', async () => {
  const event = await buildSmallEvent();
  const { t, stateId } = event.world;
  const { ada, ben } = event.judges;
  const dogwood = await createSchool(t.db, { stateId, schoolName: 'Dogwood High' });
  await fillCategory(
    t.db,
    { stateId, categoryId: event.categoryId },
    { schools: [{ schoolId: dogwood, students: [] }] },
  );
  await scoreAndSubmit(event, ada, [event.plating]);
  await scoreAndSubmit(event, ben, [event.plating]);
  const base = `/api/event/${event.eventId}/category/${event.categoryId}/school`;
  const reordered = await t.app.inject({
    method: 'PUT',
    url: base,
    headers: event.world.admin.headers,
    payload: [{ schoolId: event.schools.birch, schoolOrder: 0 }],
  });
  assert.is(reordered.statusCode, 200, reordered.body);
  assert.equal((await reopenAudits(event)).length, 0, 'the running order owes nothing new');

  const students = await t.app.inject({
    method: 'PUT',
    url: `${base}/${dogwood}`,
    headers: event.world.admin.headers,
    payload: { schoolStudents: 'Cy Dunn' },
  });
  assert.is(students.statusCode, 200, students.body);
  assert.equal([await isSubmitted(event, ada), await isSubmitted(event, ben)], [false, false]);
  assert.equal(
    (await reopenAudits(event)).map((row) => JSON.parse(row.after_json ?? '{}').reason),
    [ReopenReason.studentsUpdated, ReopenReason.studentsUpdated],
  );
  await t.close();
});

test('a subsection added before the start reopens the submitted judges and refreshes their devices', async () => {
  const event = await buildSmallEvent();
  const { t } = event.world;
  const { ada, ben } = event.judges;
  await scoreAndSubmit(event, ada, [event.plating]);
  await scoreAndSubmit(event, ben, [event.plating]);
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/section/${event.plating}/subsection`,
    headers: event.world.admin.headers,
    payload: { subsectionName: 'Garnish', subsectionDescription: null, subsectionMaxScore: 5 },
  });
  assert.is(added.statusCode, 201, added.body);
  assert.equal([await isSubmitted(event, ada), await isSubmitted(event, ben)], [false, false]);
  const reference = await t.db
    .selectFrom('change_log')
    .select(['entity', 'category_id'])
    .where('entity', '=', 'reference')
    .where('event_id', '=', event.eventId)
    .execute();
  assert.equal(
    reference,
    [{ entity: 'reference', category_id: event.categoryId }],
    'devices download the new subsection',
  );
  const adaCategory = (await download(event, ada)).categories[0];
  assert.is(adaCategory?.reopened?.reason, ReopenReason.subsectionAdded);
  assert.ok(adaCategory?.sections[0]?.subsections.some((subsection) => subsection.subsectionName === 'Garnish'));
  await t.close();
});

test("a coordinator's unlock is told to the device and the run page with its reason", async () => {
  const event = await buildSmallEvent();
  const { t } = event.world;
  const { ada } = event.judges;
  await scoreAndSubmit(event, ada, [event.plating]);
  await startEvent(event);
  const unlocked = await t.app.inject({
    method: 'DELETE',
    url: `/api/score/submitScores/event/${event.eventId}/category/${event.categoryId}/judge/${ada.userId}`,
    headers: event.world.admin.headers,
  });
  assert.is(unlocked.statusCode, 200, unlocked.body);
  assert.is((await download(event, ada)).categories[0]?.reopened?.reason, ReopenReason.unlocked);
  const adaRow = (await runView(event)).categories[0]?.judges.find((judge) => judge.judgeId === ada.userId);
  assert.is(adaRow?.reopened?.reason, ReopenReason.unlocked);
  await t.close();
});

test.run();
