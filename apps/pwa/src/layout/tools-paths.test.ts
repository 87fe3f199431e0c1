import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isToolsPath } from './tools-paths.ts';

test('the admin, judge scoring and settings screens are tools; the public pages are not', () => {
  for (const path of [
    '/admin/manage-events',
    '/judge-dashboard/12',
    '/judge-dashboard/12/event/3',
    '/school-sections',
    '/school-scoring',
    '/user-settings',
  ]) {
    assert.ok(isToolsPath(path), path);
  }
  for (const path of [
    '/',
    '/welcome',
    '/login',
    '/judge',
    '/school',
    '/school/4',
    '/help',
    '/contact',
    '/administer',
  ]) {
    assert.not.ok(isToolsPath(path), path);
  }
});

test.run();
