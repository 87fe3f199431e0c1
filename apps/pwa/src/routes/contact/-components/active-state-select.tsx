import { Messages, type StateListItem } from '@judging/shared-types';
import { NativeSelect } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AlertType, showAlert } from '../../../alerts/alerts-store.ts';
import { listStates } from '../../../api/accounts-api.ts';

let statesRequest: Promise<StateListItem[]> | undefined;

/** Every state and territory, by name; loaded once per page load (a failure is retried next time). */
function loadStates(): Promise<StateListItem[]> {
  statesRequest ??= listStates()
    .then((states) => states.toSorted((a, b) => a.stateName.localeCompare(b.stateName, 'en')))
    .catch((error: unknown) => {
      statesRequest = undefined;
      throw error;
    });
  return statesRequest;
}

/**
 * The states with an active account (seed: contact, help, registrations), or every state for
 * a request to join; an empty list when they fail to load.
 */
export function useStates(scope: 'active' | 'all' = 'active'): StateListItem[] | undefined {
  const [states, setStates] = useState<StateListItem[] | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    loadStates().then(
      (loaded) => {
        if (isCurrent) setStates(scope === 'all' ? loaded : loaded.filter((state) => state.isActive));
      },
      () => {
        if (!isCurrent) return;
        setStates([]);
        showAlert({ type: AlertType.Error, message: Messages.statesFailed });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [scope]);
  return states;
}

/** A state picker (the active states unless `scope` is 'all'), as the device's own select (easy on a tablet). */
export function ActiveStateSelect({
  value,
  onChange,
  error,
  label = 'State',
  disabled,
  description,
  scope = 'active',
}: {
  value: number | null;
  onChange(state: StateListItem): void;
  error?: string | undefined;
  label?: string;
  disabled?: boolean;
  description?: string;
  scope?: 'active' | 'all';
}) {
  const states = useStates(scope);
  const options = (states ?? []).map((state) => ({ value: String(state.stateId), label: state.stateName }));
  return (
    <NativeSelect
      label={label}
      description={description}
      required
      disabled={disabled || states === undefined}
      data={[
        { value: '', label: states === undefined ? 'Loading states…' : 'Select a state', disabled: true },
        ...options,
      ]}
      value={value === null ? '' : String(value)}
      onChange={(event) => {
        const picked = states?.find((state) => String(state.stateId) === event.currentTarget.value);
        if (picked) onChange(picked);
      }}
      error={error}
    />
  );
}
