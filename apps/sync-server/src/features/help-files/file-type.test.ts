import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sampleFiles, zipOf } from '../../test-support/sample-files.ts';
import { detectDocumentType, zipEntryNames } from './file-type.ts';
import { contentDisposition, downloadName } from './help-files.service.ts';

test('accepted kinds are recognised by content', () => {
  const cases: Array<[keyof typeof sampleFiles, string]> = [
    ['pdf', 'application/pdf'],
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
    ['doc', 'application/msword'],
    ['xls', 'application/vnd.ms-excel'],
    ['ppt', 'application/vnd.ms-powerpoint'],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ];
  for (const [name, mime] of cases) assert.is(detectDocumentType(sampleFiles[name])?.mime, mime, name);
});

test('anything else is refused, whatever it is called', () => {
  for (const name of ['zip', 'ole2', 'html', 'exe', 'text'] as const) {
    assert.is(detectDocumentType(sampleFiles[name]), undefined, name);
  }
  assert.is(detectDocumentType(Buffer.alloc(0)), undefined, 'empty');
  assert.is(detectDocumentType(Buffer.from('%PD')), undefined, 'truncated signature');
  assert.is(detectDocumentType(Buffer.from('RIFF\0\0\0\0WAVEfmt ')), undefined, 'a RIFF that is not WebP');
});

test('zip central directory: names read, damage detected', () => {
  assert.equal([...(zipEntryNames(zipOf({ a: '1', 'b/c.xml': '2' })) ?? [])], ['a', 'b/c.xml']);
  const docx = Buffer.from(sampleFiles.docx);
  assert.is(zipEntryNames(docx.subarray(0, docx.length - 30)), undefined, 'cut off before the end record');
  const corrupt = Buffer.from(docx);
  corrupt.writeUInt32LE(corrupt.length + 100, corrupt.length - 6);
  assert.is(zipEntryNames(corrupt), undefined, 'directory offset past the end');
  assert.is(detectDocumentType(corrupt), undefined);
});

test('download names: no folders, quotes or control characters; the real extension; UTF-8 kept', () => {
  const cases: Array<[string, string, string, string]> = [
    ['rules.pdf', 'Rules', 'pdf', 'rules.pdf'],
    ['C:\\fakepath\\Règlement*.docx', 'Rules', 'docx', 'Règlement.docx'],
    ['../../x/evil.html', 'Rules', 'pdf', 'evil.pdf'],
    ['"".pdf', 'Judge Guide 2026!', 'pdf', 'Judge Guide 2026.pdf'],
    ['\u0000\u0007', '', 'png', 'document.png'],
  ];
  for (const [client, documentName, extension, expected] of cases) {
    assert.is(downloadName(client, documentName, extension), expected, client);
  }
  assert.is(
    contentDisposition('Règlement "v2".pdf', false),
    `attachment; filename="R_glement _v2_.pdf"; filename*=UTF-8''R%C3%A8glement%20%22v2%22.pdf`,
  );
});

test.run();
