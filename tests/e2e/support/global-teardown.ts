import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** Removes the run's database folder once the server has stopped. */
export default function globalTeardown(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && dataDir.startsWith(tmpdir())) rmSync(dataDir, { recursive: true, force: true });
}
