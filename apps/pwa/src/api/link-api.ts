// What the browser opens without our headers (a photo, the event-run stream, a CSV download) is
// opened through a link ticket: the server makes a one-minute URL for that one path, so the
// login token never lands in a URL, the browser history or a copied link.
import { LinkTicketResponseSchema } from '@judging/shared-types';
import { api } from './api.ts';

/** POST /api/link-ticket: a URL that opens `path` (an /api/... path, no query) for a minute. */
export async function linkTo(path: string): Promise<string> {
  return (await api.post('/link-ticket', { path }, LinkTicketResponseSchema)).url;
}

/** Downloads `path` (with `query`) as the file the server names, through a fresh link ticket. */
export async function downloadThroughTicket(path: string, query?: URLSearchParams): Promise<void> {
  const url = await linkTo(path);
  const extra = query?.toString();
  const anchor = document.createElement('a');
  anchor.href = extra ? `${url}&${extra}` : url;
  anchor.download = '';
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * Opens `path` in a new tab through a fresh link ticket. The tab is opened at once, while the
 * click still counts as the user's (a tab opened after an await is blocked as a pop-up), and
 * sent to the ticket's URL once it is made; it closes again if the ticket is refused.
 */
export async function openThroughTicket(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await linkTo(path);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
