// `pnpm test:webkit` (after `pnpm build`): the WebKit lane. `node tests/webkit/run.ts [name filter]`.
import { runLane } from './lane.ts';
import './judge-offline-journey.webkit.ts';
import './device-storage.webkit.ts';
import './judge-stuck-push.webkit.ts';

const filter = process.argv[2];
process.exitCode = await runLane({ filter, runTimeoutMs: 8 * 60_000 });
