import { useState } from 'react';

/**
 * True from the first render in which `isWanted` is, and from then on: a dialog's tree mounts
 * when it is first opened and stays (its closing still animates). A closed Mantine modal still
 * renders its root, base, transition and portal with every render of what holds it, so a page's
 * first screen would pay for dialogs nobody has opened yet.
 */
export function useMountedOnceWanted(isWanted: boolean): boolean {
  const [wasWanted, setWasWanted] = useState(false);
  if (isWanted && !wasWanted) setWasWanted(true);
  return isWanted || wasWanted;
}
