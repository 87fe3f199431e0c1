import { RENEWAL_MAX_YEARS, type Account } from '@judging/shared-types';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { AdminMessages } from '../../../../admin/admin-messages.ts';
import { reportMutationError } from '../../../../admin/mutation-errors.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { WholeNumberSelect } from '../../../../admin/whole-number-select.tsx';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { renewAccount } from '../../../../api/accounts-api.ts';

/** ULTRA/SUPER: renew for 1 to 6 years (default 1), after a confirmation. */
export function RenewControl({
  stateId,
  confirm,
  onRenewed,
}: {
  stateId: number;
  confirm(message: string, confirmLabel: string): Promise<boolean>;
  onRenewed(account: Account): void;
}) {
  const [years, setYears] = useState(1);
  const { isSaving, save } = useSaveAction();

  const renew = async () => {
    if (!(await confirm(AdminMessages.confirmRenew, 'Renew'))) return;
    try {
      const response = await save(renewAccount(stateId, years));
      showAlert({ type: AlertType.Success, message: response.message });
      onRenewed(response.account);
    } catch (error) {
      reportMutationError(error);
    }
  };

  return (
    <Group align="flex-end" gap="sm">
      <WholeNumberSelect
        label="Renew for"
        max={RENEWAL_MAX_YEARS}
        value={years}
        onChange={setYears}
        formatOption={(count) => `${count} year${count === 1 ? '' : 's'}`}
      />
      <Button onClick={() => void renew()} loading={isSaving}>
        Renew
      </Button>
    </Group>
  );
}
