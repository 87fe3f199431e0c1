// Set-up shared by the help file tests (help-files*.routes.test.ts).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { stateIdByCode } from '../../test-support/factories.ts';
import { multipartBody } from '../../test-support/sample-files.ts';

export type Session = Awaited<ReturnType<typeof loginAs>>;
export interface Context {
  t: TestApp;
  admin: Session;
  delawareId: number;
}

export function uploadForm(
  documentName: string | undefined,
  file?: { filename: string; bytes: Buffer; contentType?: string },
) {
  return multipartBody([
    ...(documentName === undefined ? [] : [{ name: 'documentName', value: documentName }]),
    ...(file ? [{ name: 'helpFile', file }] : []),
  ]);
}

export async function upload(
  t: TestApp,
  session: Session | undefined,
  stateId: number,
  form: ReturnType<typeof uploadForm>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/files/helpFile/${stateId}`,
    headers: { ...form.headers, ...(session?.headers ?? {}) },
    payload: form.payload,
  });
}

export function storedFiles(t: TestApp): string[] {
  const folder = path.join(t.config.filesDir, 'help-documents');
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** A suite whose every test gets a fresh app, an admin session and Delaware's id. */
export function createHelpFilesSuite(title: string) {
  const HelpFiles = suite<Context>(title);
  HelpFiles.before.each(async (context) => {
    context.t = await buildTestApp();
    context.admin = await loginAs(context.t.app, 'admin@demo.test');
    context.delawareId = await stateIdByCode(context.t.db, 'DE');
  });
  HelpFiles.after.each(async (context) => {
    await context.t.close();
  });
  return HelpFiles;
}
