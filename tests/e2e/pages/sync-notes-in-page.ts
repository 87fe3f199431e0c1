// The status bar's note shows for 5 s after a save, removal or submit. On a loaded machine a look
// for it can come later than that (Chromium CI missed one, then WebKit CI did): both lanes record
// each note as it appears and poll the record instead. These run in the page's own world, so they
// are self-contained (Playwright's evaluate and WebDriver's execute send their source).

/** Starts recording under `key` the note lines the status bar shows. Stops with the page. */
export function recordSyncNotesInPage(key: string): void {
  const seen: string[] = [];
  (window as unknown as Record<string, string[]>)[key] = seen;
  const record = () => {
    const note = document.querySelector('[aria-label="Sync status"] [data-testid="sync-note"]');
    const text = note?.textContent?.trim();
    if (text && seen.at(-1) !== text) seen.push(text);
  };
  new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  record();
}

/** The note lines recorded under `key` so far (empty if the page was reloaded since). */
export function syncNotesSeenInPage(key: string): string[] {
  return [...((window as unknown as Record<string, string[] | undefined>)[key] ?? [])];
}

export function syncNotesKey(): string {
  return `syncNotesSeen${Date.now()}${Math.random().toString(36).slice(2)}`;
}

/** One look of the status bar: its badge, its main line and its button, and when (the page's Date.now()). */
export interface SyncBarLook {
  at: number;
  badge: string;
  line: string;
  button: string;
}

/**
 * Starts recording under `key` every change of the status bar's badge, main line and button,
 * with its time. Safe to run before the page has a body (a Playwright init script, so a reload is
 * recorded from its first frame): it watches the whole document.
 */
export function recordSyncBarInPage(key: string): void {
  const seen: SyncBarLook[] = [];
  (window as unknown as Record<string, SyncBarLook[]>)[key] = seen;
  const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? '';
  const record = () => {
    const look = {
      at: Date.now(),
      badge: text('[aria-label="Sync status"] [data-testid="connection-badge"]'),
      line: text('[aria-label="Sync status"] [data-testid="pending-count"]'),
      button: text('[aria-label="Sync status"] [data-testid="sync-button"]'),
    };
    const last = seen.at(-1);
    if (!look.badge && !look.line) return;
    if (last && last.badge === look.badge && last.line === look.line && last.button === look.button) return;
    seen.push(look);
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  record();
}

/** The looks recorded under `key` so far. */
export function syncBarSeenInPage(key: string): SyncBarLook[] {
  return [...((window as unknown as Record<string, SyncBarLook[] | undefined>)[key] ?? [])];
}
