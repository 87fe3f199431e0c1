// Help files: upload, list and download, checked by content and size.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { createSecondState, snapshotTables } from '../../test-support/factories.ts';
import { sampleFiles } from '../../test-support/sample-files.ts';
import { createHelpFilesSuite, uploadForm, upload, storedFiles } from './help-files.routes.fixtures.ts';

const HelpFiles = createHelpFilesSuite('help files');

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
