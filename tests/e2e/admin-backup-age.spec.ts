// The run page's backup line (issue 38, docs/decisions/0131-backups.md): under the title, the age
// of the server's newest backup, in the warning colour when there is none or it is overdue. On a
// server of its own with the schedule off (BACKUP_INTERVAL=0), so the test decides which backups
// exist; the run's shared server takes its own.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { backupFolderName } from '../../apps/sync-server/src/shared/backup-folders.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { JudgeServer } from './pages/judge-server.ts';
import { DEMO_PASSWORD, demoUsers } from './support/demo-users.ts';
import { StoppableServer } from './support/stoppable-server.ts';

const MINUTE = 60_000;

test('the run page shows the newest backup’s age, and warns while there is none', async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  const server = await StoppableServer.start({ BACKUP_INTERVAL: '0' });
  try {
    const request = await playwright.request.newContext({ baseURL: server.baseUrl });
    const api = new JudgeServer(request);
    const admin = await api.logIn(demoUsers.admin.email, DEMO_PASSWORD);
    const events = (await (
      await request.get(`/api/state/${admin.stateId}/event`, { headers: { authorization: `Bearer ${admin.token}` } })
    ).json()) as { eventId: number }[];
    const eventId = events[0]?.eventId;
    expect(eventId, 'the demo state has an event').toBeDefined();
    await request.dispose();

    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    await new AppShell(page).logInAs(demoUsers.admin);
    await page.goto(`/admin/event-run/${eventId}`);
    const line = page.getByTestId('backup-age');
    await expect(line).toHaveText('No backup yet');
    await expect(line).toHaveCSS('font-weight', '600');

    // A backup folder as `pnpm backup` names it, 3 h 5 min old: its age, not overdue (no schedule).
    const taken = new Date(Date.now() - (3 * 60 + 5) * MINUTE);
    mkdirSync(path.join(server.dataDir, 'backups', backupFolderName(taken)), { recursive: true });
    await page.reload();
    await expect(line).toHaveText(/^Last backup 3 h [56] min ago$/);
    await expect(line).not.toHaveCSS('font-weight', '600');
    await context.close();
  } finally {
    await server.dispose();
  }
});
