// V8's explicit compile hint (Chrome 136 on): a script whose first line is the magic comment below
// has all its functions compiled while it streams in, on a background thread. Without it V8
// compiles each function on the main thread the first time it is called, and the entry chunk and
// the sheet's chunks call most of theirs before the first criteria row is painted: on an offline
// cold start that compiling was much of the main thread's "module evaluation" and "script" time
// (decision 0217). Other engines read the line as a comment.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** What the plugin reads of a built chunk to choose it. */
export interface HintedChunk {
  name: string;
  isEntry: boolean;
}

/** The chunk's code with the hint as its first line (once). */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}\n${code}`;
}

/**
 * Puts the hint on the written chunks `isHinted` chooses. On the written files, not in
 * generateBundle: Vite's own last step prepends its dependency map to the entry, and the hint
 * must come first.
 */
export function compileHintsPlugin(isHinted: (chunk: HintedChunk) => boolean): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file ?? '');
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !isHinted(file)) continue;
        const written = path.join(dir, file.fileName);
        await writeFile(written, withCompileHint(await readFile(written, 'utf8')));
      }
    },
  };
}
