// A profile of one in-app navigation to each results page (issue 41; not part of `pnpm bench`):
// the timeline of the navigation (resources fetched, frames and long animation frames with their
// scripts), and a Chromium CPU profile's heaviest functions by self time. For finding where the
// time between the navigation and the last row goes; figures on a busy machine are only a guide.
// `node bench/profile-results-page.ts [overall|section] [app|stack]`
import type { CDPSession, Page } from 'playwright-core';
import { launchBenchChromium } from './bare-chromium.ts';
import { DEMO_PASSWORD, logIn, startServer } from './bench-server.ts';
import { seedStateFinal } from './state-final.ts';
import { loadStackFloorStart, openStackFloorPage, stackFloorUrl } from './stack-results.ts';
import { loadSettledStartPage, logInThroughPanel } from './app-pages.ts';

const which = (process.argv[2] ?? 'section') as 'overall' | 'section';
const side = (process.argv[3] ?? 'app') as 'app' | 'stack';
const rows = which === 'overall' ? 360 : 480;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

async function navigate(page: Page, url: string) {
  return page.evaluate(
    async ({ url, rows }) => {
      const frames: number[] = [];
      const loafs: unknown[] = [];
      const observer = new PerformanceObserver((list) =>
        loafs.push(
          ...list.getEntries().map((entry) => {
            const loaf = entry as PerformanceEntry & {
              blockingDuration: number;
              renderStart: number;
              styleAndLayoutStart: number;
              scripts: { sourceURL: string; sourceFunctionName: string; invoker: string; duration: number }[];
            };
            return {
              start: Math.round(loaf.startTime - start),
              duration: Math.round(loaf.duration),
              render: Math.round(loaf.startTime + loaf.duration - loaf.renderStart),
              styleLayout: Math.round(loaf.startTime + loaf.duration - loaf.styleAndLayoutStart),
              scripts: loaf.scripts.map(
                (script) =>
                  `${script.invoker} ${script.sourceFunctionName} ${script.sourceURL.split('/').pop()} ${Math.round(script.duration)}`,
              ),
            };
          }),
        ),
      );
      observer.observe({ type: 'long-animation-frame', buffered: false });
      const start = performance.now();
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
      const count = () => document.querySelectorAll('main table tbody tr').length;
      await new Promise<void>((resolve) => {
        const check = (now: number) => {
          frames.push(Math.round(now - start));
          if (count() >= rows) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const ms = performance.now() - start;
      await new Promise((resolve) => setTimeout(resolve, 200));
      observer.disconnect();
      const resources = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= start)
        .map((entry) => {
          const timing = entry as PerformanceResourceTiming;
          return `${Math.round(timing.startTime - start)}–${Math.round(timing.responseEnd - start)} ${timing.name.replace(location.origin, '')}`;
        });
      return { ms: Math.round(ms), frames, resources, loafs };
    },
    { url, rows },
  );
}

function heaviest(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const key = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([key, ms]) => `${ms.toFixed(1)} ms ${key}`);
}

const server = await startServer(Number(process.env.BENCH_PORT ?? 3199));
const browser = await launchBenchChromium();
try {
  await server.kill();
  const { eventId } = await seedStateFinal(server.databaseFile);
  await server.restart();
  const { token } = await logIn(server.baseUrl, 'admin@demo.test', DEMO_PASSWORD);
  let page: Page;
  let start: () => Promise<void>;
  let url: string;
  if (side === 'stack') {
    const floor = await openStackFloorPage(browser, server.baseUrl, token);
    page = floor.page;
    start = () => loadStackFloorStart(page);
    url = stackFloorUrl(which, eventId);
  } else {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 768 } });
    page = await context.newPage();
    await logInThroughPanel(page, 'admin@demo.test', DEMO_PASSWORD);
    start = () => loadSettledStartPage(page, '/admin/manage-events', 'Manage events');
    url = which === 'overall' ? `/admin/results-overall/${eventId}/overall` : `/admin/results-section/${eventId}`;
  }
  for (let round = 0; round < 3; round += 1) {
    await start();
    const cdp: CDPSession = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const timeline = await navigate(page, url);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Parameters<typeof heaviest>[0] };
    await cdp.detach();
    if (round === 0) continue;
    console.log(JSON.stringify(timeline, null, 1));
    console.log(heaviest(profile).join('\n'));
  }
} finally {
  await browser.close();
  await server.stop();
}
