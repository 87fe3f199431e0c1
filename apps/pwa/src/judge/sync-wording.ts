// What the judge's screens say about where a change is: on this tablet only, or received by
// the server. One place for these words (decisions §8: the day-of screens reuse them), and
// one rule for their colour: success green only for what the server has received.
import { Connection } from '../offline/sync-runner.ts';

/** How a line is drawn: `sent` (success green) only for what the server has acknowledged. */
export const SyncTone = { Neutral: 'neutral', Sent: 'sent', Warning: 'warning' } as const;
export type SyncTone = (typeof SyncTone)[keyof typeof SyncTone];

export interface SyncLine {
  text: string;
  tone: SyncTone;
}

/** The mark on a row whose latest change the server has not acknowledged. */
export const NOT_SENT = 'not sent';
/** Its longer form, for a screen reader and a tooltip. */
export const NOT_SENT_TITLE = 'Saved on this tablet, not sent to the server yet';
/** The mark on a row whose latest change the server refused (see "needs attention"). */
export const REFUSED = 'refused';
/** The mark on a penalty or disqualification removed on this tablet, the removal not sent yet. */
export const REMOVED_NOT_SENT = 'removed on this tablet';

export const ALL_SENT = 'All sent';
/** The badge while nothing is heard from the server yet (the page has just started, or the network came back). */
export const CHECKING = 'Checking…';
/** While the tablet cannot read what waits (its database reopening): never shown as "All sent". */
export const COUNTING = 'Checking what waits to send…';

function changes(count: number): string {
  return `${count} change${count === 1 ? '' : 's'}`;
}

/** A school or a section with rows not sent: "2 not sent". */
export function notSentCount(count: number): string {
  return `${count} ${NOT_SENT}`;
}

/**
 * The status bar's main line: whether the server can be reached and what waits. Never "All
 * sent" while any row is still on the tablet (waiting or refused), nor while the counts are
 * unknown (`undefined`).
 */
export function queueLine(connection: Connection, pending: number | undefined, rejected: number | undefined): SyncLine {
  if (connection !== Connection.Connected) {
    let what = 'nothing waiting to send';
    if (pending === undefined) what = COUNTING.toLowerCase();
    else if (pending > 0) what = `${changes(pending)} saved on this tablet`;
    // Not known yet is not a failure: neutral, and never a word that the server answers.
    if (connection === Connection.Checking) {
      return {
        text: pending === undefined ? 'Checking the connection…' : `Checking the connection: ${what}`,
        tone: SyncTone.Neutral,
      };
    }
    return { text: `Can't reach the server: ${what}`, tone: SyncTone.Warning };
  }
  if (pending === undefined || rejected === undefined) return { text: COUNTING, tone: SyncTone.Neutral };
  if (pending > 0) return { text: `Sending ${changes(pending)} saved on this tablet`, tone: SyncTone.Neutral };
  if (rejected > 0) return { text: 'Nothing waiting to send', tone: SyncTone.Neutral };
  return { text: ALL_SENT, tone: SyncTone.Sent };
}

/** The connection badge: online only while the server answers (a network alone is not enough). */
export function connectionLabel(connection: Connection): string {
  if (connection === Connection.Connected) return 'Online';
  return connection === Connection.Checking ? CHECKING : 'Offline';
}

/**
 * The bar's button: "Syncing…" (and disabled) only while a sync runs and the server answers;
 * while it cannot be reached nothing moves, so the judge may try again at once.
 */
export function syncButtonLabel(isSyncing: boolean, connection: Connection): { text: string; isBusy: boolean } {
  const isMoving = isSyncing && (connection === Connection.Connected || connection === Connection.Checking);
  return isMoving ? { text: 'Syncing…', isBusy: true } : { text: 'Sync now', isBusy: false };
}

/** "Last sync: 11/22/26, 10:42 AM" (the judge's last successful sync, formatted by the caller). */
export function lastSyncLine(formatted: string | null): string {
  return `Last sync: ${formatted ?? 'never'}`;
}

/** What a save says: the change is on this tablet; the server has not received it yet. */
export function savedOnTablet(connection: Connection): string {
  return connection === Connection.Connected
    ? 'Saved on this tablet, sending now'
    : 'Saved on this tablet, will send when connected';
}

/** What a removal says. */
export function removedOnTablet(connection: Connection): string {
  return connection === Connection.Connected
    ? 'Removed on this tablet, sending now'
    : 'Removed on this tablet, will send when connected';
}

/** "Done" on a sheet: everything of it received by the server, or not yet. */
export function sheetDone(unsent: number, connection: Connection): SyncLine {
  if (unsent === 0) return { text: 'Scores sent', tone: SyncTone.Sent };
  return {
    text:
      connection === Connection.Connected
        ? 'Scores saved on this tablet, sending now'
        : 'Scores saved on this tablet, will send when connected',
    tone: SyncTone.Neutral,
  };
}

/** A submission saved on the tablet and not received by the server yet. */
export const SUBMITTED_ON_TABLET = 'Submitted on this tablet: sent when connected';
export const SUBMITTED_ON_TABLET_DETAIL =
  'Your submission is saved here; it counts once the server has received it. Scores can no longer change on this tablet.';

/** A submission the server has received, with the server's time of it. */
export function receivedByServer(formattedTime: string | null): string {
  return formattedTime ? `Received by the server at ${formattedTime}` : 'Received by the server';
}
