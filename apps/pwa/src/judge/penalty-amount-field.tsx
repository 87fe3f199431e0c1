// A penalty's amount in its form: fixed (shown), or time-based (typed as time over, or picked).
import { formatOvertime, formatScore, penaltyAmountOptions } from '@judging/shared-types';
import { Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { CellRow } from '../offline/device-db.ts';
import type { Penalty, ValueDraft } from './applied-item-entry.ts';
import { overtimeEntryOf, overtimeToSave, penaltyAmountToSave, readOvertimeEntry } from './penalty-input.ts';
import { RevealField, ValuePicker } from './score-form-parts.tsx';

const HOW_TO_ENTER = 'Type the overtime (150 is 1:50), or pick the amount below.';

/** The amount draft of a penalty's form and the field that edits it. */
export function usePenaltyAmountDraft(penalty: Penalty, existing: CellRow | undefined): ValueDraft {
  const [amount, setAmount] = useState<number | null>(
    penalty.isDynamic ? (existing?.value ?? null) : penalty.penaltyDeduction,
  );
  // The time the amount came from: the stored one shows again as m:ss; picking an amount clears it.
  const storedOvertime = penalty.isDynamic ? (existing?.overtimeSeconds ?? null) : null;
  const [overtimeSeconds, setOvertimeSeconds] = useState<number | null>(storedOvertime);
  const [overtime, setOvertime] = useState(() => overtimeEntryOf(storedOvertime));
  const amountValues = useMemo(() => penaltyAmountOptions(penalty.penaltyDeduction), [penalty.penaltyDeduction]);
  const [isAmountOpen, setIsAmountOpen] = useState(!existing);
  const draft = { isDynamic: penalty.isDynamic, deduction: penalty.penaltyDeduction, amount, overtimeSeconds };
  const reading = readOvertimeEntry(overtime, penalty.penaltyDeduction);
  const isUnreadable = reading.message !== '' && reading.amount === undefined;

  const onOvertime = (entry: string) => {
    setOvertime(entry);
    const next = readOvertimeEntry(entry, penalty.penaltyDeduction);
    if (next.seconds !== undefined && next.amount !== undefined && next.amount > 0) {
      setAmount(next.amount);
      setOvertimeSeconds(next.seconds);
    } else {
      setOvertimeSeconds(null);
    }
  };
  const onPickAmount = (picked: number) => {
    setAmount(picked);
    // An amount picked by hand was not derived from a time: none is saved with it.
    setOvertimeSeconds(null);
    setOvertime('');
  };

  const field = penalty.isDynamic ? (
    <RevealField
      label="Deduction:"
      shown={
        amount === null
          ? '—'
          : overtimeSeconds === null
            ? formatScore(amount)
            : `${formatScore(amount)} (${formatOvertime(overtimeSeconds)} over)`
      }
      isOpen={isAmountOpen}
      onOpen={() => setIsAmountOpen(true)}
    >
      <Stack gap="sm">
        <Text size="sm">
          Time-based: 0.25 per started 15 seconds over time, at most {formatScore(penalty.penaltyDeduction)}.
        </Text>
        <TextInput
          label="Time over (mm:ss)"
          placeholder="1:24"
          inputMode="numeric"
          value={overtime}
          onChange={(event) => onOvertime(event.currentTarget.value)}
          // The reading as the judge types: what the digits mean, or (as the error) why they are not a time.
          description={isUnreadable ? HOW_TO_ENTER : reading.message || HOW_TO_ENTER}
          error={isUnreadable ? reading.message : undefined}
        />
        <ValuePicker label="Amount" values={amountValues} value={amount} onChange={onPickAmount} />
      </Stack>
    </RevealField>
  ) : (
    <Text>
      <Text span fw={600}>
        Deduction:
      </Text>{' '}
      {formatScore(penalty.penaltyDeduction)}
    </Text>
  );
  return {
    field,
    value: penaltyAmountToSave({ ...draft, comments: '' }),
    overtimeSeconds: overtimeToSave({ ...draft, comments: '' }),
    isDirty:
      amount !== (existing?.value ?? (penalty.isDynamic ? null : penalty.penaltyDeduction)) ||
      overtimeSeconds !== storedOvertime,
  };
}
