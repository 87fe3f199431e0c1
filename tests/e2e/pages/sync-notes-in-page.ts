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
