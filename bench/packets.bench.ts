// (j) Feedback packets of a 60-school event, every team (bench/state-final.ts: 60 schools × 6
// categories, 360 packets of 8 sections × 3 sheets × 12 subsections), closed and frozen, with a
// comment on every fourth cell and a penalty and a photo on each team. Times the whole event's
// packets as the download streams them (packets.service: the frozen results, the cells read per
// category, the model, pdfkit) against a bare pdfkit script writing the same pages (the same lines
// and photos, computed ahead and untimed, the same fonts) in the same run, and the peak growth of
// the process's memory while the server's path runs. Goals: ≤ 2× the bare script, ≤ 100 MB.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createHash } from 'node:crypto';
import { runSql } from '../apps/sync-server/src/db/direct-sql.ts';
import { openMigratedDatabase, type Db } from '../apps/sync-server/src/db/database.ts';
import { storedFilesAt } from '../apps/sync-server/src/shared/stored-files.ts';
import { freezeResults } from '../apps/sync-server/src/features/results/results.service.ts';
import { eventPackets } from '../apps/sync-server/src/features/packets/packets.service.ts';
import { buildTeamPacket, type TeamPacket } from '../apps/sync-server/src/features/packets/packet-model.ts';
import { cellsBySchool, readCategoryCells } from '../apps/sync-server/src/features/packets/packets.repository.ts';
import { gradientPng } from '../apps/sync-server/src/test-support/pdf-files.ts';
import type { AuthContext } from '../apps/sync-server/src/caller/caller.ts';
import { Role } from '../packages/shared-types/src/index.ts';
import { SCHOOLS, seedStateFinal } from './state-final.ts';

const requireFromServer = createRequire(new URL('../apps/sync-server/package.json', import.meta.url));
const RUNS = 3;
const stamp = '2026-05-01T18:00:00.000Z';

export interface PacketsBenchResult {
  packets: number;
  megabytes: number;
  oursMs: number;
  bareMs: number;
  ratio: number;
  peakGrowthMb: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Adds what packets print beyond scores: comments, a penalty and a photo per team; then closes and freezes. */
async function finishEvent(db: Db, filesDir: string, eventId: number): Promise<void> {
  const event = await db.selectFrom('event').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
  const photo = gradientPng(320, 240);
  const sha256 = createHash('sha256').update(photo).digest('hex');
  await storedFilesAt(filesDir).put(`photos/${sha256}.png`, photo);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('stored_file')
      .values({
        file_id: crypto.randomUUID(),
        state_id: event.state_id,
        kind: 'photo',
        sha256,
        mime: 'image/png',
        size_bytes: photo.length,
        storage_name: `photos/${sha256}.png`,
        original_name: null,
        document_name: null,
        uploaded_by: null,
        created_at: stamp,
        captured_at: stamp,
      })
      .execute();
    await runSql(trx, 'update subsection_score set comments = ? where event_id = ? and subsection_id % 4 = 0', [
      'Clean knife work; keep the station tidier between courses.',
      eventId,
    ]);
    const { penalty_id: penaltyId } = await trx
      .insertInto('penalty')
      .values({
        state_id: event.state_id,
        penalty_name: 'Over Time Limit',
        deduction: 5,
        is_dynamic: 1,
        created_at: stamp,
      })
      .returning('penalty_id')
      .executeTakeFirstOrThrow();
    // One penalty per team: on the first judge's sheet of the team's first section, with the photo.
    const sheets = await trx
      .selectFrom('subsection_score')
      .select(['category_id', 'school_id', (eb) => eb.fn.min('section_id').as('section_id')])
      .where('event_id', '=', eventId)
      .groupBy(['category_id', 'school_id'])
      .orderBy('category_id')
      .orderBy('school_id')
      .execute();
    for (const sheet of sheets) {
      const judge = await trx
        .selectFrom('subsection_score')
        .select((eb) => eb.fn.min('judge_id').as('judge_id'))
        .where('category_id', '=', sheet.category_id)
        .where('section_id', '=', sheet.section_id)
        .where('school_id', '=', sheet.school_id)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('penalty_score')
        .values({
          score_id: crypto.randomUUID(),
          state_id: event.state_id,
          event_id: eventId,
          category_id: sheet.category_id,
          section_id: sheet.section_id,
          school_id: sheet.school_id,
          judge_id: Number(judge.judge_id),
          penalty_id: penaltyId,
          amount: 2.5,
          overtime_seconds: 150,
          comments: 'Plates went out two and a half minutes late.',
          photo_sha256: sha256,
          is_confirmed: 1,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    }
    await trx
      .updateTable('event')
      .set({ status: 'CLOSED', closed_at: stamp })
      .where('event_id', '=', eventId)
      .execute();
    await freezeResults(trx, { ...event, status: 'CLOSED' }, stamp);
  });
}

/** Consumes a stream as a download would, counting its bytes. */
async function drain(stream: NodeJS.ReadableStream): Promise<number> {
  let bytes = 0;
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  return bytes;
}

/** The same pages written by pdfkit alone: each packet's lines and photos, already computed. */
async function barePackets(packets: readonly TeamPacket[], photo: Buffer): Promise<number> {
  const { default: PDFDocument } = (await import(requireFromServer.resolve('pdfkit'))) as {
    default: new (options?: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;
  };
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 64, bottom: 54, left: 54, right: 54 },
    autoFirstPage: false,
  });
  doc.registerFont('body', readFileSync(requireFromServer.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));
  doc.registerFont('bold', readFileSync(requireFromServer.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')));
  const done = drain(doc);
  const width = 504;
  for (const packet of packets) {
    doc.addPage();
    doc.font('bold').fontSize(16).text('Feedback packet', { width });
    doc.font('body').fontSize(10).text(packet.eventName, { width });
    doc.font('bold').fontSize(14).text(packet.schoolName, { width });
    doc.font('body').fontSize(11).text(packet.categoryName, { width });
    doc.font('bold').fontSize(12).text(`Place ${packet.place}    Score ${packet.score}`, { width });
    doc.font('body').fontSize(9).text(packet.status, { width });
    for (const section of packet.sections) {
      doc.font('bold').fontSize(13).text(`${section.name}: ${section.score}`, { width });
      doc.font('body').fontSize(9).text(section.judgeCount, { width });
      for (const line of section.explanations) doc.text(`• ${line}`, { width });
      for (const sheet of section.sheets) {
        doc.font('bold').fontSize(11).text(`${sheet.judge}: sheet ${sheet.total}`, { width });
        for (const line of sheet.lines) {
          doc.font('body').fontSize(10).text(`${line.label}    ${line.value}`, { width });
          doc.fontSize(9);
          if (line.outcome !== null) doc.text(line.outcome, { width });
          if (line.comments !== null) doc.text(`Comments: ${line.comments}`, { width });
          if (line.photo !== null) {
            if (doc.y + 110 > doc.page.height - 54) doc.addPage();
            doc.image(photo, doc.x, doc.y, { fit: [120, 90] });
            doc.y += 92;
            doc.fontSize(8).text('Photo', { width });
          }
        }
      }
    }
  }
  doc.end();
  return done;
}

export async function benchPackets(): Promise<PacketsBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-packets-'));
  const file = path.join(dataDir, 'bench.sqlite');
  const filesDir = path.join(dataDir, 'files');
  try {
    (await openMigratedDatabase(file)).destroy();
    const { eventId } = await seedStateFinal(file);
    const db = await openMigratedDatabase(file);
    await finishEvent(db, filesDir, eventId);
    const event = await db.selectFrom('event').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
    const caller: AuthContext = {
      userId: 1,
      role: Role.Admin,
      stateId: event.state_id,
      tokenExpiresAt: '2099-01-01T00:00:00.000Z',
      tokenVersion: 0,
    };
    const deps = { db, storedFiles: storedFilesAt(filesDir) };

    // The bare script's input: every packet's model, computed ahead (untimed).
    const report = JSON.parse(
      (
        await db
          .selectFrom('results_snapshot')
          .select('payload_json')
          .where('event_id', '=', eventId)
          .executeTakeFirstOrThrow()
      ).payload_json,
    ) as Parameters<typeof buildTeamPacket>[0];
    const models: TeamPacket[] = [];
    for (const category of report.categories) {
      const cells = cellsBySchool(
        await readCategoryCells(db, { stateId: event.state_id, eventId, categoryId: category.categoryId }),
      );
      for (const standing of category.standings) {
        models.push(
          buildTeamPacket(report, category, standing, cells(standing.schoolId), {
            showJudgeNames: false,
          }),
        );
      }
    }
    const photo = gradientPng(320, 240);

    const ours: number[] = [];
    const bare: number[] = [];
    let peakGrowth = 0;
    let bytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const startBare = performance.now();
      await barePackets(models, photo);
      bare.push(performance.now() - startBare);

      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const start = performance.now();
      const packets = await eventPackets(deps, caller, eventId, stamp);
      bytes = await drain(packets.stream);
      ours.push(performance.now() - start);
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      peakGrowth = Math.max(peakGrowth, peak - before);
    }
    await db.destroy();
    const result: PacketsBenchResult = {
      packets: models.length,
      megabytes: bytes / 1024 / 1024,
      oursMs: median(ours),
      bareMs: median(bare),
      ratio: median(ours) / median(bare),
      peakGrowthMb: peakGrowth / (1024 * 1024),
    };
    const met = (isMet: boolean) => (isMet ? 'met' : 'NOT met');
    console.log(
      `\n(j) feedback packets of a ${SCHOOLS}-school event, every team: ${result.packets} packets in one PDF (${result.megabytes.toFixed(1)} MB), median of ${RUNS} runs`,
    );
    console.log(
      `    server path (frozen results, cells per category, model, layout, streamed): ${result.oursMs.toFixed(0)} ms`,
    );
    console.log(`    bare pdfkit script, the same lines and photos computed ahead: ${result.bareMs.toFixed(0)} ms`);
    console.log(`    ratio ${result.ratio.toFixed(2)}× (goal ≤ 2×): ${met(result.ratio <= 2)}`);
    console.log(
      `    peak RSS growth while streaming ${result.peakGrowthMb.toFixed(1)} MB (goal ≤ 100 MB): ${met(result.peakGrowthMb <= 100)}`,
    );
    return result;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
