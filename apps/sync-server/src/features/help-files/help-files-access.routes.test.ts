// Who may upload and delete help files: ADMIN, SUPER and ULTRA of the state only.
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { loginAs } from '../../test-support/build-test-app.ts';
import { createSecondState, setAccountExpiration, snapshotTables } from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  sessionFor,
  type AdminWorld,
  type Session as WorldSession,
  type TableList,
} from '../../test-support/sessions.ts';
import { sampleFiles } from '../../test-support/sample-files.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { createHelpFilesSuite, uploadForm, upload, storedFiles } from './help-files.routes.fixtures.ts';

const HelpFiles = createHelpFilesSuite('help files: who may upload and delete');

const HelpFilePermissions = createAdminWorldSuite('help files permission matrix');

HelpFiles(
  'upload: ADMIN, SUPER and ULTRA of the state only; STANDARD, JUDGE, visitors and other states refused',
  async ({ t, delawareId }) => {
    const other = await createSecondState(t.db);
    let content = 0;
    const form = () =>
      uploadForm('Doc', { filename: 'd.pdf', bytes: Buffer.concat([sampleFiles.pdf, Buffer.from(`% ${content++}`)]) });
    for (const email of ['super@demo.test', 'ultra@demo.test']) {
      assert.is((await upload(t, await loginAs(t.app, email), delawareId, form())).statusCode, 201, email);
    }
    const before = await snapshotTables(t.db, ['stored_file', 'audit_log']);
    for (const email of ['standard@demo.test', 'judge1@demo.test', other.adminEmail]) {
      assert.is((await upload(t, await loginAs(t.app, email), delawareId, form())).statusCode, 403, email);
    }
    assert.is(
      (await upload(t, await loginAs(t.app, 'ultra@demo.test'), other.stateId, form())).statusCode,
      403,
      'own state only, ULTRA too',
    );
    assert.is((await upload(t, undefined, delawareId, form())).statusCode, 401);
    await t.db
      .updateTable('account')
      .set({ expiration_date: '2020-01-01' })
      .where('state_id', '=', delawareId)
      .execute();
    const expired = await upload(t, await loginAs(t.app, 'admin@demo.test'), delawareId, form());
    assert.is(expired.statusCode, 403);
    assert.is(expired.json().code, 'ACCOUNT_EXPIRED');
    assert.equal(await snapshotTables(t.db, ['stored_file', 'audit_log']), before);
    assert.is(storedFiles(t).length, 2);
  },
);

HelpFiles(
  'delete: ADMIN, SUPER and ULTRA of the state only; JUDGE and STANDARD refused and the file stays',
  async ({ t, admin, delawareId }) => {
    const other = await createSecondState(t.db);
    const ids: string[] = [];
    for (const index of [1, 2, 3]) {
      const response = await upload(
        t,
        admin,
        delawareId,
        uploadForm(`Doc ${index}`, {
          filename: 'd.pdf',
          bytes: Buffer.concat([sampleFiles.pdf, Buffer.from(`% ${index}`)]),
        }),
      );
      ids.push(response.json().file.fileId);
    }
    const url = (fileId: string | undefined) => `/api/files/helpFile/${delawareId}/${fileId}`;
    const before = await snapshotTables(t.db, ['stored_file', 'audit_log']);
    const bytesBefore = storedFiles(t);
    assert.is((await t.app.inject({ method: 'DELETE', url: url(ids[0]) })).statusCode, 401);
    const stranger = await loginAs(t.app, other.adminEmail);
    assert.is((await t.app.inject({ method: 'DELETE', url: url(ids[0]), headers: stranger.headers })).statusCode, 403);
    const ultra = await loginAs(t.app, 'ultra@demo.test');
    assert.is(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/files/helpFile/${other.stateId}/${ids[0]}`,
          headers: ultra.headers,
        })
      ).statusCode,
      403,
    );
    // Judges register themselves (decisions §7): a stranger as "Eve" must not empty the state's documents.
    const judge = await loginAs(t.app, 'judge1@demo.test');
    const standard = await loginAs(t.app, 'standard@demo.test');
    for (const [label, session] of [
      ['JUDGE', judge],
      ['STANDARD', standard],
    ] as const) {
      const refused = await t.app.inject({ method: 'DELETE', url: url(ids[0]), headers: session.headers });
      assert.is(refused.statusCode, 403, label);
      assert.is(refused.json().code, 'FORBIDDEN', label);
    }
    assert.equal(await snapshotTables(t.db, ['stored_file', 'audit_log']), before, 'no row removed, nothing audited');
    assert.equal(storedFiles(t), bytesBefore, 'no bytes removed');
    assert.is((await t.app.inject({ url: `${url(ids[0])}/download` })).statusCode, 200, 'still downloadable');

    const removers = [admin, await loginAs(t.app, 'super@demo.test'), ultra];
    for (const [index, session] of removers.entries()) {
      const removed = await t.app.inject({ method: 'DELETE', url: url(ids[index]), headers: session.headers });
      assert.is(removed.statusCode, 200, `remover ${index}`);
      assert.is(removed.json().message, 'Remove successful');
      assert.not.ok(existsSync(path.join(t.config.filesDir, 'help-documents', ids[index] ?? '')), 'the bytes are gone');
      assert.is((await t.app.inject({ url: `${url(ids[index])}/download` })).statusCode, 404);
    }
    assert.is((await t.app.inject({ method: 'DELETE', url: url(ids[0]), headers: admin.headers })).statusCode, 404);
    assert.equal((await t.app.inject({ url: `/api/files/helpFile/${delawareId}` })).json(), { files: [] });
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity_type', '=', 'help_document')
      .where('action', '=', 'delete')
      .orderBy('audit_id')
      .execute();
    assert.equal(
      audits.map((a) => a.user_id),
      removers.map((session) => session.user.userId),
    );
  },
);

const helpFileTables: TableList = ['stored_file', 'audit_log'];

/** Uploads a distinct PDF for the session's state and answers its file id. */
async function uploadAs(w: AdminWorld, session: WorldSession, stateId: number, tag: string): Promise<string> {
  const form = uploadForm(`Doc ${tag}`, {
    filename: `${tag}.pdf`,
    bytes: Buffer.concat([sampleFiles.pdf, Buffer.from(`% ${tag}`)]),
  });
  const response = await w.t.app.inject({
    method: 'POST',
    url: `/api/files/helpFile/${stateId}`,
    headers: { ...form.headers, ...session.headers },
    payload: form.payload,
  });
  assert.is(response.statusCode, 201, response.body);
  return response.json().file.fileId as string;
}

HelpFilePermissions(
  'upload and delete: every refusal by role, state and expired account leaves files and rows unchanged',
  async ({ w }) => {
    const delawareFile = await uploadAs(w, w.admin, w.stateId, 'de');
    // New Jersey's document was uploaded while its account still ran.
    await setAccountExpiration(w.t.db, w.expired.stateId, '2099-12-31');
    const newJerseyFile = await uploadAs(w, w.expiredAdmin, w.expired.stateId, 'nj');
    await setAccountExpiration(w.t.db, w.expired.stateId, '2020-01-31');
    const otherJudge = await sessionFor(w.t, 'judge@pa.test');
    const expiredJudge = await sessionFor(w.t, 'judge@nj.test');

    const form = uploadForm('Refused', {
      filename: 'r.pdf',
      bytes: Buffer.concat([sampleFiles.pdf, Buffer.from('%r')]),
    });
    const upload = (session: WorldSession | undefined, stateId = w.stateId) => ({
      method: 'POST' as const,
      url: `/api/files/helpFile/${stateId}`,
      headers: { ...form.headers, ...(session?.headers ?? {}) },
      payload: form.payload,
    });
    const remove = (session: WorldSession | undefined, stateId = w.stateId, fileId = delawareFile) => ({
      method: 'DELETE' as const,
      url: `/api/files/helpFile/${stateId}/${fileId}`,
      headers: session?.headers ?? {},
    });
    const filesBefore = storedFiles(w.t);
    await assertRefusedWithoutChange(w.t, helpFileTables, [
      { label: 'upload: visitor', request: upload(undefined), status: 401 },
      { label: 'upload: STANDARD', request: upload(w.standard), status: 403 },
      { label: 'upload: JUDGE', request: upload(w.judge), status: 403 },
      { label: "upload: another state's admin", request: upload(w.otherAdmin), status: 403 },
      { label: "upload: another state's standard", request: upload(w.otherStandard), status: 403 },
      { label: 'upload: ULTRA for another state', request: upload(w.ultra, w.other.stateId), status: 403 },
      { label: 'upload: SUPER for another state', request: upload(w.super, w.other.stateId), status: 403 },
      {
        label: 'upload: an expired account in its own state',
        request: upload(w.expiredAdmin, w.expired.stateId),
        status: 403,
        code: 'ACCOUNT_EXPIRED',
      },
      { label: 'delete: visitor', request: remove(undefined), status: 401 },
      { label: 'delete: JUDGE of the state', request: remove(w.judge), status: 403, code: 'FORBIDDEN' },
      { label: 'delete: STANDARD of the state', request: remove(w.standard), status: 403, code: 'FORBIDDEN' },
      { label: "delete: another state's admin", request: remove(w.otherAdmin), status: 403 },
      { label: "delete: another state's standard", request: remove(w.otherStandard), status: 403 },
      { label: "delete: another state's judge", request: remove(otherJudge), status: 403 },
      { label: 'delete: ULTRA through another state', request: remove(w.ultra, w.other.stateId), status: 403 },
      {
        label: "delete: another state's admin through its own state's path",
        request: remove(w.otherAdmin, w.other.stateId),
        status: 404,
      },
      {
        label: 'delete: an expired account admin, own document',
        request: remove(w.expiredAdmin, w.expired.stateId, newJerseyFile),
        status: 403,
        code: 'ACCOUNT_EXPIRED',
      },
      {
        label: 'delete: an expired account judge, own document',
        request: remove(expiredJudge, w.expired.stateId, newJerseyFile),
        status: 403,
        code: 'FORBIDDEN',
      },
      { label: 'delete: a malformed file id', request: remove(w.admin, w.stateId, 'not-a-uuid'), status: 400 },
    ]);
    assert.equal(storedFiles(w.t), filesBefore, 'no bytes added or removed');

    const list = await w.t.app.inject({ url: `/api/files/helpFile/${w.stateId}` });
    assert.equal(
      list.json().files.map((file: { fileId: string }) => file.fileId),
      [delawareFile],
      'the public list holds the state own documents only',
    );
    const removed = await w.t.app.inject(remove(w.super));
    assert.is(removed.statusCode, 200, 'SUPER of the state deletes');
  },
);

HelpFiles.run();

HelpFilePermissions.run();
