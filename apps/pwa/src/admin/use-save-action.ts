import { useCallback, useState } from 'react';
import { withLoading } from '../loading/loading-store.ts';

/** A modal's save in flight: the spinner runs and the Save button shows it is busy. */
export function useSaveAction() {
  const [isSaving, setIsSaving] = useState(false);
  const save = useCallback(<T>(task: Promise<T>): Promise<T> => {
    setIsSaving(true);
    return withLoading(task).finally(() => setIsSaving(false));
  }, []);
  return { isSaving, save };
}
