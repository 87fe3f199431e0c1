// The packet PDF is streamed (issue 40): the writer waits for its reader between teams instead
// of piling the whole event's pages up in memory, and stops when the reader goes away.
import { finished } from 'node:stream/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { noisePng } from '../../test-support/pdf-files.ts';
import type { TeamPacket } from './packet-model.ts';
import { startPacketPdf } from './packet-pdf.ts';

// About 1.4 MB of photos per team: more than the writer lets its reader lag.
const photo = noisePng(400, 300);
const packet: TeamPacket = {
  eventName: 'Spring Final',
  categoryName: 'Culinary',
  schoolName: 'Dover HS',
  isDraft: false,
  status: 'Final results, frozen 2026-05-01 17:00 UTC',
  place: '1',
  score: '40.00',
  statusLabel: 'Scored',
  tieBreak: null,
  explanations: [],
  sections: [
    {
      name: 'Plating',
      score: '40.00 of 40.00',
      judgeCount: '1 of 1 judge',
      explanations: [],
      sheets: [
        {
          judge: 'Judge A',
          total: '40.00',
          lines: Array.from({ length: 4 }, (_, index) => ({
            label: `Subsection ${index + 1}`,
            value: '10.00 / 10.00',
            outcome: null,
            comments: 'Neat',
            photo: { sha256: `${index}`, storageName: `p${index}.png`, mime: 'image/png', capturedAt: null },
          })),
        },
      ],
    },
  ],
};

const settled = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => 'done'), new Promise((resolve) => setTimeout(() => resolve('waiting'), ms))]);

test('the writer waits while nobody reads, goes on as the reader reads, and the file is whole', async () => {
  const pdf = await startPacketPdf('test', () => Promise.resolve(photo));
  const first = pdf.add(packet);
  assert.is(await settled(first, 300), 'waiting', 'more than 1 MB unread: the next team waits');
  const chunks: Buffer[] = [];
  pdf.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  assert.is(await settled(first, 5000), 'done', 'reading lets it go on');
  await pdf.add(packet);
  await pdf.end();
  await finished(pdf.stream);
  const file = Buffer.concat(chunks);
  assert.is(file.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.ok(file.subarray(-6).toString('latin1').includes('%%EOF'));
  assert.ok(file.length > 2 * 4 * photo.length, 'both teams, every photo embedded');
});

test('a reader that goes away releases the writer', async () => {
  const pdf = await startPacketPdf('test', () => Promise.resolve(photo));
  const first = pdf.add(packet);
  assert.is(await settled(first, 300), 'waiting');
  pdf.stream.destroy();
  assert.is(await settled(first, 5000), 'done');
});

test.run();
