// Lays packets out with pdfkit, streamed: pages leave as they are written, and the writer waits for
// the reader between teams, so the whole event's PDF never sits in memory (issue 40). A packet's
// draft status is printed on every page (a running header and a watermark): before the event is
// CLOSED its numbers may still change. DejaVu Sans carries any name or comment a judge typed
// (the PDF's built-in fonts know only Latin-1).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { PacketLine, PacketPhoto, TeamPacket } from './packet-model.ts';
import { formatMoment } from './packet-model.ts';

type PdfDocument = PDFKit.PDFDocument;

/** The image types a PDF embeds as they are; other photos are listed with their capture time. */
const EMBEDDABLE_PHOTOS = new Set(['image/jpeg', 'image/png']);
const THUMBNAIL = { width: 120, height: 90 } as const;
/** How far the reader may lag before the writer waits (between teams). */
const WAIT_ABOVE_BYTES = 1024 * 1024;

let fonts: { regular: Buffer; bold: Buffer } | undefined;
function packetFonts() {
  const require = createRequire(import.meta.url);
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** A stored photo's bytes, or undefined when the file is gone (the packet says so). */
export type LoadPhoto = (photo: PacketPhoto) => Promise<Buffer | undefined>;

/** A PDF being written: `add` one team's packet after another, then `end`. `stream` is the file. */
export interface PacketPdf {
  readonly stream: Readable;
  add(packet: TeamPacket): Promise<void>;
  end(): Promise<void>;
}

/** Starts a PDF of packets; pdfkit is loaded on first use (most servers never print one). */
export async function startPacketPdf(title: string, loadPhoto: LoadPhoto): Promise<PacketPdf> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc: PdfDocument = new PDFDocument({
    size: 'LETTER',
    margins: { top: 64, bottom: 54, left: 54, right: 54 },
    autoFirstPage: false,
    info: { Title: title, Creator: 'Competition Scoring' },
  });
  const { regular, bold } = packetFonts();
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);

  // The reader's pace: pdfkit pushes without waiting, so its bytes are handed to a stream of our
  // own, whose `read` says the reader wants more; the writer waits for that before the next team
  // while more than WAIT_ABOVE_BYTES are unread.
  let wake: (() => void) | undefined;
  const out = new Readable({
    highWaterMark: WAIT_ABOVE_BYTES,
    read() {
      wake?.();
    },
  });
  out.on('close', () => wake?.());
  doc.on('data', (chunk: Buffer) => {
    if (!out.destroyed) out.push(chunk);
  });
  doc.on('end', () => {
    if (!out.destroyed) out.push(null);
  });
  doc.on('error', (error: Error) => out.destroy(error));
  /** Waits while the reader lags more than WAIT_ABOVE_BYTES behind; never for a reader that left. */
  const readerCaughtUp = async () => {
    // pdfkit hands over what it wrote on a later turn: count it first.
    await new Promise((resolve) => setImmediate(resolve));
    while (out.readableLength > WAIT_ABOVE_BYTES && !out.destroyed) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  };
  let teams = 0;

  let running = { header: title, isDraft: false };
  doc.on('pageAdded', () => drawPageFrame(doc, running));

  return {
    stream: out,
    async add(packet) {
      running = {
        header: `${packet.eventName} · ${packet.categoryName} · ${packet.schoolName}`,
        isDraft: packet.isDraft,
      };
      doc.addPage();
      teams += 1;
      await writePacket(doc, packet, loadPhoto);
      await readerCaughtUp();
    },
    async end() {
      if (teams === 0) {
        doc.addPage();
        doc.font('body').fontSize(12).text('No team has a packet in this event yet.');
      }
      doc.end();
      await readerCaughtUp();
    },
  };
}

function drawPageFrame(doc: PdfDocument, running: { header: string; isDraft: boolean }): void {
  const { x, y } = doc;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  if (running.isDraft) {
    doc.save();
    doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
    doc
      .font('bold')
      .fontSize(110)
      .fillColor('#d9d9d9')
      .text('DRAFT', 0, doc.page.height / 2 - 60, { width: doc.page.width, align: 'center', lineBreak: false });
    doc.restore();
  }
  doc
    .font('body')
    .fontSize(8)
    .fillColor(running.isDraft ? '#b00020' : '#555555')
    .text(running.isDraft ? `DRAFT · not final · ${running.header}` : running.header, doc.page.margins.left, 28, {
      width,
      lineBreak: false,
      ellipsis: true,
    });
  doc.fillColor('black');
  doc.x = x;
  doc.y = y;
}

function contentWidth(doc: PdfDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Starts a new page unless `height` points still fit on this one. */
function keepRoom(doc: PdfDocument, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

async function writePacket(doc: PdfDocument, packet: TeamPacket, loadPhoto: LoadPhoto): Promise<void> {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.font('bold').fontSize(16).fillColor('black').text('Feedback packet', left, doc.y, { width });
  doc.font('body').fontSize(10).fillColor('#333333').text(packet.eventName, { width });
  doc.moveDown(0.4);
  doc.font('bold').fontSize(14).fillColor('black').text(packet.schoolName, { width });
  doc.font('body').fontSize(11).text(packet.categoryName, { width });
  doc.moveDown(0.4);
  doc
    .font('bold')
    .fontSize(12)
    .text(`Place ${packet.place}    Score ${packet.score}`, { width, continued: packet.statusLabel !== '' });
  if (packet.statusLabel !== '') doc.font('body').text(`    ${packet.statusLabel}`, { width });
  doc
    .font('body')
    .fontSize(9)
    .fillColor(packet.isDraft ? '#b00020' : '#333333')
    .text(packet.status, { width });
  doc.fillColor('black');
  if (packet.tieBreak !== null) doc.fontSize(10).text(packet.tieBreak, { width });
  for (const line of packet.explanations) doc.fontSize(10).text(line, { width });

  for (const section of packet.sections) {
    keepRoom(doc, 80);
    doc.moveDown(0.8);
    doc.font('bold').fontSize(13).text(`${section.name}: ${section.score}`, left, doc.y, { width });
    doc.font('body').fontSize(9).fillColor('#333333').text(section.judgeCount, { width });
    doc.fillColor('black');
    for (const line of section.explanations) doc.fontSize(9).text(`• ${line}`, left + 8, doc.y, { width: width - 8 });
    for (const sheet of section.sheets) {
      keepRoom(doc, 50);
      doc.moveDown(0.5);
      doc.font('bold').fontSize(11).text(`${sheet.judge}: sheet ${sheet.total}`, left, doc.y, { width });
      for (const line of sheet.lines) await writeLine(doc, line, loadPhoto);
    }
  }
}

async function writeLine(doc: PdfDocument, line: PacketLine, loadPhoto: LoadPhoto): Promise<void> {
  const left = doc.page.margins.left + 12;
  const width = contentWidth(doc) - 12;
  const valueWidth = 150;
  keepRoom(doc, 28);
  const top = doc.y;
  doc.font('body').fontSize(10);
  const labelHeight = doc.heightOfString(line.label, { width: width - valueWidth - 8 });
  doc.text(line.label, left, top, { width: width - valueWidth - 8 });
  doc.text(line.value, left + width - valueWidth, top, { width: valueWidth, align: 'right' });
  doc.x = left;
  doc.y = top + Math.max(labelHeight, doc.currentLineHeight(true));
  doc.fontSize(9).fillColor('#333333');
  if (line.outcome !== null) doc.text(line.outcome, left + 10, doc.y, { width: width - 10 });
  if (line.comments !== null && line.comments.trim() !== '') {
    doc.text(`Comments: ${line.comments}`, left + 10, doc.y, { width: width - 10 });
  }
  doc.fillColor('black');
  if (line.photo !== null) await writePhoto(doc, line.photo, left + 10, loadPhoto);
  doc.moveDown(0.25);
}

async function writePhoto(doc: PdfDocument, photo: PacketPhoto, left: number, loadPhoto: LoadPhoto): Promise<void> {
  const caption = `Photo${photo.capturedAt === null ? '' : `, taken ${formatMoment(photo.capturedAt)}`}`;
  const bytes = EMBEDDABLE_PHOTOS.has(photo.mime) ? await loadPhoto(photo) : undefined;
  if (bytes === undefined) {
    doc.fontSize(9).text(`${caption} (not shown in the PDF: ${photo.mime})`, left, doc.y);
    return;
  }
  keepRoom(doc, THUMBNAIL.height + 16);
  const top = doc.y + 2;
  try {
    doc.image(bytes, left, top, { fit: [THUMBNAIL.width, THUMBNAIL.height] });
  } catch {
    doc.fontSize(9).text(`${caption} (the file could not be read)`, left, top);
    return;
  }
  doc
    .fontSize(8)
    .fillColor('#333333')
    .text(caption, left, top + THUMBNAIL.height + 2);
  doc.fillColor('black');
}
