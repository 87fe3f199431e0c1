// floating-ui's `useMergeRefs(refs)` on Mantine's own `useMergedRef`, for the Mantine modules
// that import nothing else from floating-ui (ScrollArea, which Modal references): without it the
// whole of floating-ui sat in the entry chunk of every page. The build points those imports here
// (scripts/mantine-merge-refs-plugin.ts).
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/** One callback ref that sets every ref given (and clears them when the element goes). */
export function useMergeRefs<Element>(refs: ReadonlyArray<Ref<Element> | undefined>): (node: Element | null) => void {
  return useMergedRef<Element | null>(...(refs as Ref<Element | null>[]));
}
