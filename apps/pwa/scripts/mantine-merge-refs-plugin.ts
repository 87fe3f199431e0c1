// Mantine's ScrollArea imports one hook from floating-ui, `useMergeRefs`, and Modal references
// ScrollArea, so every page's entry chunk held the floating-ui module; and since a module sits in
// one chunk, every part of floating-ui the lazy popovers, menus and selects use sat there too,
// fetched by pages that show none. In the app's build, a Mantine module's import of that hook
// alone is pointed at src/layout/merge-refs.ts (the same hook on Mantine's own `useMergedRef`);
// floating-ui then comes only with the components that position something.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MERGE_REFS_MODULE = fileURLToPath(new URL('../src/layout/merge-refs.ts', import.meta.url));
const MERGE_REFS_IMPORT = /import\s*\{\s*useMergeRefs\s*\}\s*from\s*(["'])@floating-ui\/react\1/g;

/** The module with its import of floating-ui's `useMergeRefs` alone taken from `target`; undefined when it has none. */
export function withLocalMergeRefs(code: string, target: string): string | undefined {
  const rewritten = code.replace(MERGE_REFS_IMPORT, `import { useMergeRefs } from ${JSON.stringify(target)}`);
  return rewritten === code ? undefined : rewritten;
}

export function mantineMergeRefsPlugin(): Plugin {
  return {
    name: 'mantine-merge-refs',
    transform(code, id) {
      if (!id.includes('/@mantine/core/') || !code.includes('@floating-ui/react')) return undefined;
      const rewritten = withLocalMergeRefs(code, MERGE_REFS_MODULE);
      return rewritten === undefined ? undefined : { code: rewritten, map: null };
    },
  };
}
