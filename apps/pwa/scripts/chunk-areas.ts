// Files each built chunk under the area whose code it holds, so a page's script list shows at a
// glance what it downloaded (tests/e2e/public-pages-code.spec.ts asserts the public pages load
// nothing from assets/admin/ or assets/judge/). The area's code: its screens and data (src/admin, src/judge,
// src/offline) and the split parts (components, loaders) of its routes. The route table itself
// (each route's path, guard and search check, judge/judge-routing.ts included) is the
// router's, which every page needs to decide where a URL goes.
// Two general helpers live in src/admin/ but serve the public school registration as well (a
// date's format, the data-fetching hook): they are shared code, not the coordinators' screens.
const ADMIN_CODE = [/\/src\/admin\/(?!(date-format|use-api-query)\.ts$)/, /\/src\/routes\/admin\/.*\?tsr-split/];
const JUDGE_CODE = [
  /\/src\/judge\/(?!judge-routing\.ts$)/,
  /\/src\/offline\//,
  /\/src\/routes\/(judge-dashboard\/|school-scoring\.tsx|school-sections\.tsx).*\?tsr-split/,
];

export type CodeArea = 'admin' | 'judge' | 'admin-judge';

/** The area a chunk's modules belong to: any module of an area marks the chunk. */
export function codeAreaOf(moduleIds: readonly string[]): CodeArea | undefined {
  const isAdmin = moduleIds.some((id) => ADMIN_CODE.some((pattern) => pattern.test(id)));
  const isJudge = moduleIds.some((id) => JUDGE_CODE.some((pattern) => pattern.test(id)));
  if (isAdmin && isJudge) return 'admin-judge';
  if (isAdmin) return 'admin';
  if (isJudge) return 'judge';
  return undefined;
}

/** `output.chunkFileNames`: `assets/<area>/<name>-<hash>.js`, or Vite's own name outside an area. */
export function areaChunkFileName(chunk: { moduleIds: readonly string[] }): string {
  const area = codeAreaOf(chunk.moduleIds);
  return area === undefined ? 'assets/[name]-[hash].js' : `assets/${area}/[name]-[hash].js`;
}
