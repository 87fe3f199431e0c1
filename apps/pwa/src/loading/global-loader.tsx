import { Loader, Overlay, VisuallyHidden } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { loadingStore } from './loading-store.ts';

/** The global spinner over the page while any tracked request runs. */
export function GlobalLoader() {
  const isLoading = useSyncExternalStore(loadingStore.subscribe, loadingStore.isLoading);
  if (!isLoading) return null;
  return (
    <Overlay fixed zIndex={300} backgroundOpacity={0.25} blur={1} center>
      <div role="status">
        <Loader size="lg" />
        <VisuallyHidden>Loading</VisuallyHidden>
      </div>
    </Overlay>
  );
}
