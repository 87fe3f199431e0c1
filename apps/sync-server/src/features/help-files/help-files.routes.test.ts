import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import {
  createSecondState,
  setAccountExpiration,
  snapshotTables,
  stateIdByCode,
} from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  buildAdminWorld,
  sessionFor,
  type AdminWorld,
  type Session as WorldSession,
  type TableList,
} from '../../test-support/sessions.ts';
import { multipartBody, sampleFiles } from '../../test-support/sample-files.ts';

type Session = Awaited<ReturnType<typeof loginAs>>;
interface Context {
  t: TestApp;
  admin: Session;
  delawareId: number;
}

const HelpFiles = suite<Context>('help files');
HelpFiles.before.each(async (context) => {
  context.t = await buildTestApp();
  context.admin = await loginAs(context.t.app, 'admin@demo.test');
  context.delawareId = await stateIdByCode(context.t.db, 'DE');
});
HelpFiles.after.each(async (context) => {
  await context.t.close();
});

function uploadForm(
  documentName: string | undefined,
  file?: { filename: string; bytes: Buffer; contentType?: string },
) {
  return multipartBody([
    ...(documentName === undefined ? [] : [{ name: 'documentName', value: documentName }]),
    ...(file ? [{ name: 'helpFile', file }] : []),
  ]);
}

async function upload(t: TestApp, session: Session | undefined, stateId: number, form: ReturnType<typeof uploadForm>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/files/helpFile/${stateId}`,
    headers: { ...form.headers, ...(session?.headers ?? {}) },
    payload: form.payload,
  });
}

function storedFiles(t: TestApp): string[] {
  const folder = path.join(t.config.filesDir, 'help-documents');
  return existsSync(folder) ? readdirSync(folder) : [];
}

HelpFiles(
  'upload, list and download a PDF: random storage name, never the client path',
  async ({ t, admin, delawareId }) => {
    assert.equal((await t.app.inject({ url: `/api/files/helpFile/${delawareId}` })).json(), { files: [] });
    const response = await upload(
      t,
      admin,
      delawareId,
      uploadForm('Competition Rules 2026', {
        filename: '../../etc/Rules: final?.pdf',
        bytes: sampleFiles.pdf,
        contentType: 'text/plain',
      }),
    );
    assert.is(response.statusCode, 201);
    assert.is(response.json().message, 'File Added');
    const file = response.json().file;
    assert.is(file.documentName, 'Competition Rules 2026');
    assert.is(file.name, 'Rules final.pdf');
    assert.is(file.mime, 'application/pdf', 'the content decides, not the declared type');
    assert.is(file.url, `/api/files/helpFile/${delawareId}/${file.fileId}/download`);
    assert.equal(storedFiles(t), [file.fileId], 'stored under DATA_DIR/files/help-documents with a random name');

    const listed = await t.app.inject({ url: `/api/files/helpFile/${delawareId}` });
    assert.equal(
      listed
        .json()
        .files.map((f: { fileId: string; documentName: string; url: string; name: string }) => [
          f.fileId,
          f.documentName,
          f.url,
          f.name,
        ]),
      [[file.fileId, 'Competition Rules 2026', file.url, 'Rules final.pdf']],
    );
    const download = await t.app.inject({ url: file.url });
    assert.is(download.statusCode, 200);
    assert.is(download.headers['content-type'], 'application/pdf');
    assert.is(
      download.headers['content-disposition'],
      `inline; filename="Rules final.pdf"; filename*=UTF-8''Rules%20final.pdf`,
    );
    assert.ok(download.rawPayload.equals(sampleFiles.pdf));
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'help_document')
      .executeTakeFirstOrThrow();
    assert.is(audit.action, 'create');
  },
);

HelpFiles(
  'Office documents and images are accepted by content; Office files download as attachments',
  async ({ t, admin, delawareId }) => {
    const cases: Array<[keyof typeof sampleFiles, string, string]> = [
      ['docx', 'judging-guide.docx', 'attachment'],
      ['xlsx', 'schedule.xlsx', 'attachment'],
      ['pptx', 'briefing.pptx', 'attachment'],
      ['doc', 'old-rules.doc', 'attachment'],
      ['xls', 'old-sheet.xls', 'attachment'],
      ['ppt', 'old-slides.ppt', 'attachment'],
      ['jpeg', 'floor-plan.jpeg', 'inline'],
      ['png', 'map.png', 'inline'],
      ['gif', 'logo.gif', 'inline'],
      ['webp', 'photo.webp', 'inline'],
    ];
    for (const [kind, filename, disposition] of cases) {
      const response = await upload(t, admin, delawareId, uploadForm(kind, { filename, bytes: sampleFiles[kind] }));
      assert.is(response.statusCode, 201, kind);
      const download = await t.app.inject({ url: response.json().file.url });
      assert.ok(String(download.headers['content-disposition']).startsWith(`${disposition};`), kind);
    }
    const named = await upload(
      t,
      admin,
      delawareId,
      uploadForm('Misnamed', { filename: 'report.pdf', bytes: Buffer.concat([sampleFiles.docx, Buffer.alloc(0)]) }),
    );
    assert.is(named.statusCode, 409, 'same bytes as the docx above: already uploaded');
  },
);

HelpFiles(
  'refused by content: HTML, executables, text, plain ZIPs, other OLE2 files; nothing stored',
  async ({ t, admin, delawareId }) => {
    const before = await snapshotTables(t.db, ['stored_file', 'audit_log']);
    for (const kind of ['html', 'exe', 'text', 'zip', 'ole2'] as const) {
      const response = await upload(
        t,
        admin,
        delawareId,
        uploadForm('Sneaky', { filename: 'sneaky.pdf', bytes: sampleFiles[kind], contentType: 'application/pdf' }),
      );
      assert.is(response.statusCode, 415, kind);
      assert.is(response.json().code, 'UNSUPPORTED_FILE_TYPE');
      assert.is(
        response.json().message,
        'Only PDF, image (JPEG, PNG, GIF, WebP) and Office documents (Word, Excel, PowerPoint) can be uploaded.',
      );
    }
    assert.equal(await snapshotTables(t.db, ['stored_file', 'audit_log']), before);
    assert.equal(storedFiles(t), []);
  },
);

HelpFiles(
  'validation: document name and document required; the same file twice is refused',
  async ({ t, admin, delawareId }) => {
    const noName = await upload(
      t,
      admin,
      delawareId,
      uploadForm(undefined, { filename: 'a.pdf', bytes: sampleFiles.pdf }),
    );
    assert.is(noName.statusCode, 400);
    assert.equal(noName.json().errors, [{ field: 'documentName', message: 'Document Name is required' }]);
    const blank = await upload(t, admin, delawareId, uploadForm('   ', { filename: 'a.pdf', bytes: sampleFiles.pdf }));
    assert.equal(blank.json().errors, [{ field: 'documentName', message: 'Document Name is required' }]);
    const noFile = await upload(t, admin, delawareId, uploadForm('Rules'));
    assert.equal(noFile.json().errors, [{ field: 'helpFile', message: 'Document is required' }]);
    const emptyFile = await upload(
      t,
      admin,
      delawareId,
      uploadForm('Rules', { filename: 'a.pdf', bytes: Buffer.alloc(0) }),
    );
    assert.equal(emptyFile.json().errors, [{ field: 'helpFile', message: 'Document is required' }]);
    const neither = await upload(t, admin, delawareId, uploadForm(undefined));
    assert.equal(neither.json().errors, [
      { field: 'documentName', message: 'Document Name is required' },
      { field: 'helpFile', message: 'Document is required' },
    ]);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/files/helpFile/${delawareId}`,
      headers: admin.headers,
      payload: { documentName: 'Rules' },
    });
    assert.equal(json.json().errors, [{ field: 'helpFile', message: 'Document is required' }]);
    assert.equal(storedFiles(t), []);
    assert.is(
      (await upload(t, admin, delawareId, uploadForm('Rules', { filename: 'a.pdf', bytes: sampleFiles.pdf })))
        .statusCode,
      201,
    );
    const again = await upload(
      t,
      admin,
      delawareId,
      uploadForm('Rules again', { filename: 'b.pdf', bytes: sampleFiles.pdf }),
    );
    assert.is(again.statusCode, 409);
    assert.is(again.json().message, 'This document has already been uploaded for this state.');
    assert.is(storedFiles(t).length, 1);
  },
);

HelpFiles('20 MB at most (more than a photo), checked on the stream', async ({ t, admin, delawareId }) => {
  const pdfOf = (size: number) => Buffer.concat([sampleFiles.pdf, Buffer.alloc(size - sampleFiles.pdf.length, 0x20)]);
  const large = await upload(
    t,
    admin,
    delawareId,
    uploadForm('Big but fine', { filename: 'big.pdf', bytes: pdfOf(12 * 1024 * 1024) }),
  );
  assert.is(large.statusCode, 201, 'above the 10 MB photo limit is fine for documents');
  const tooLarge = await upload(
    t,
    admin,
    delawareId,
    uploadForm('Too big', { filename: 'huge.pdf', bytes: pdfOf(20 * 1024 * 1024 + 1) }),
  );
  assert.is(tooLarge.statusCode, 413);
  assert.is(tooLarge.json().message, 'The document is too large (20 MB at most).');
  assert.is(storedFiles(t).length, 1);
});

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

HelpFiles('download: another state id or a malformed id finds nothing', async ({ t, admin, delawareId }) => {
  const other = await createSecondState(t.db);
  const response = await upload(
    t,
    admin,
    delawareId,
    uploadForm('Rules', { filename: 'r.pdf', bytes: sampleFiles.pdf }),
  );
  const fileId = response.json().file.fileId as string;
  assert.is((await t.app.inject({ url: `/api/files/helpFile/${other.stateId}/${fileId}/download` })).statusCode, 404);
  assert.is(
    (await t.app.inject({ url: `/api/files/helpFile/${delawareId}/..%2F..%2Fjudging.sqlite/download` })).statusCode,
    400,
  );
  assert.equal((await t.app.inject({ url: `/api/files/helpFile/${other.stateId}` })).json(), { files: [] });
  assert.ok(readFileSync(path.join(t.config.filesDir, 'help-documents', fileId)).equals(sampleFiles.pdf));
});

HelpFiles.run();

const HelpFilePermissions = suite<{ w: AdminWorld }>('help files permission matrix');
HelpFilePermissions.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
HelpFilePermissions.after.each(async (context) => {
  await context.w.t.close();
});

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

HelpFilePermissions.run();
