// `pnpm api:document [file]`: writes the API document (/api/docs/json) without serving it, for
// the lint in the test command, the typed client and integrators who want the file. The
// server is built on a throw-away database; `PUBLIC_URL` names the server in `servers`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openMigratedDatabase } from './db/database.ts';

/** The document as the server publishes it. */
export async function buildApiDocument(publicUrl = process.env.PUBLIC_URL): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-api-document-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'api-document-'.padEnd(40, 'x'),
      PWA_DIST: path.join(dataDir, 'no-pwa'),
      ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
    });
    const db = await openMigratedDatabase(config.database);
    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    const document = app.swagger() as unknown as Record<string, unknown>;
    await app.close();
    await db.destroy();
    return document;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const file = process.argv[2];
  const text = `${JSON.stringify(await buildApiDocument(), null, 2)}\n`;
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  } else process.stdout.write(text);
}
