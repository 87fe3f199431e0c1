import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { boxesIntersect, placeNotice, type Box } from './notice-placement.ts';

// A laptop screen below a 71 px header; notices 416 × 80 px, 16 px from the edges.
const frame = { top: 71, width: 1366, height: 768, margin: 16 };
const size = { width: 416, height: 80 };
const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

test('with nothing in the way, a notice sits top centre just below the header', () => {
  assert.equal(placeNotice(size, frame, []), box(475, 87, 416, 80));
});

test('a button top centre sends the notice to the bottom centre', () => {
  const button = box(600, 100, 120, 40);
  const place = placeNotice(size, frame, [button]);
  assert.equal(place, box(475, 672, 416, 80));
});

test('a row of buttons across the top and the bottom (a dialog’s title and actions) leaves the notice in a free band between', () => {
  const actions = [box(0, 80, 1366, 60), box(0, 650, 1366, 118)];
  const place = placeNotice(size, frame, actions);
  assert.ok(actions.every((action) => !boxesIntersect(place, action)));
  assert.ok(place.top >= 140 && place.bottom <= 650);
});

test('a narrow screen gets a notice as wide as it is, less the margins', () => {
  const place = placeNotice(size, { ...frame, width: 360 }, []);
  assert.equal(place, box(16, 87, 328, 80));
});

test('with no free place at all, the notice goes where it covers the least', () => {
  const actions = [box(0, 71, 1366, 697), box(475, 87, 416, 80)];
  const place = placeNotice(size, frame, actions);
  assert.not.equal(place, box(475, 87, 416, 80));
});

test.run();
