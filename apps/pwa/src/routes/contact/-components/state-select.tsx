import { Messages, type StateListItem } from '@judging/shared-types';
import { NativeSelect, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AlertType, showAlert } from '../../../alerts/alerts-store.ts';
import { listStates } from '../../../api/accounts-api.ts';
import { AnchorLink } from '../../../routing/links.tsx';

/**
 * Which states a picker offers: every state where anyone must be able to reach us or read a
 * state's documents (an expired account's users included); only the states with an active
 * account where a registration would be refused otherwise (docs/decisions/0053-state-pickers.md).
 */
export const StateScope = { All: 'all', OpenForRegistration: 'openForRegistration' } as const;
export type StateScope = (typeof StateScope)[keyof typeof StateScope];

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

/** The states of `scope`, by name; an empty list when they fail to load. */
export function useStates(scope: StateScope): StateListItem[] | undefined {
  const [states, setStates] = useState<StateListItem[] | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    loadStates().then(
      (loaded) => {
        if (isCurrent) setStates(scope === StateScope.All ? loaded : loaded.filter((state) => state.isActive));
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

/** A state picker offering the states of `scope`, as the device's own select (easy on a tablet). */
export function StateSelect({
  scope,
  value,
  onChange,
  error,
  label = 'State',
  disabled,
  description,
}: {
  scope: StateScope;
  value: number | null;
  onChange(state: StateListItem): void;
  error?: string | undefined;
  label?: string;
  disabled?: boolean;
  description?: string;
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

/** Beside a registration's state picker: why a state may be missing, and where to turn then. */
export function RegistrationStatesNote() {
  return (
    <Text size="sm" c="dimmed">
      Only states with an active subscription take registrations. Your state is not listed?{' '}
      <AnchorLink to="/contact" inherit>
        Contact us
      </AnchorLink>
      .
    </Text>
  );
}
