// Feedback packets (issue 40): PDF downloads through a link ticket, the event's packet setting,
// and "Email packets to schools".
import { PacketEmailAnswerSchema, PacketSettingsSchema, type PacketSettings } from '@judging/shared-types';
import { API_BASE } from './api-client.ts';
import { api } from './api.ts';
import { downloadThroughTicket } from './link-api.ts';

export interface PacketTarget {
  eventId: number;
  /** With `schoolId`: one team's packet; without both: every team's, in one PDF. */
  categoryId?: number;
  schoolId?: number;
}

/** The packet's address as a link shows it (opens nothing without a ticket). */
export function packetHref(target: PacketTarget): string {
  const base = `${API_BASE}/export/packets/event/${target.eventId}`;
  return target.categoryId === undefined || target.schoolId === undefined
    ? base
    : `${base}/category/${target.categoryId}/school/${target.schoolId}`;
}

/** GET export/packets/...: downloads the PDF through a one-minute link ticket. */
export function downloadPacket(target: PacketTarget): Promise<void> {
  return downloadThroughTicket(packetHref(target));
}

export function getPacketSettings(eventId: number, signal?: AbortSignal) {
  return api.get(`/run/coordinator/event/${eventId}/packet-settings`, PacketSettingsSchema, { signal });
}

export function savePacketSettings(eventId: number, settings: PacketSettings) {
  return api.put(`/run/coordinator/event/${eventId}/packet-settings`, settings, PacketSettingsSchema);
}

/** POST run/coordinator/event/{e}/packets/email: closed events only (409 before). */
export function emailPackets(eventId: number) {
  return api.post(`/run/coordinator/event/${eventId}/packets/email`, undefined, PacketEmailAnswerSchema);
}
