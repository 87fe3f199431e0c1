import type { SessionUser } from '@judging/shared-types';
import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import { AnchorLink } from '../routing/links.tsx';
import { loadAccountStatus, useAccountStatus } from './account-status-store.ts';
import { canManageAccounts } from './admin-permissions.ts';
import { formatShortDate } from '../support/date-format.ts';

/**
 * decisions §3: users of an expired account can log in and read, see this banner, and cannot
 * change anything until ULTRA or SUPER renews the subscription.
 */
export function ExpiredAccountBanner({ user }: { user: SessionUser }) {
  const stateId = user.state.stateId;
  // Asked again each time the admin shell opens (a renewal by ULTRA or SUPER shows then). A state
  // without an account (or a failed check) shows no banner: the server still refuses writes.
  useEffect(() => loadAccountStatus(stateId), [stateId]);
  const account = useAccountStatus(stateId);
  if (!account || account.accountActive) return null;
  return (
    <Alert color="red.9" variant="outline" bg="red.0" title="This account has expired" mt="md" role="alert">
      The {account.accountState.stateName} subscription expired on {formatShortDate(account.accountExpirationDate)}. You
      can still see everything, but changes are blocked until it is renewed; an event already in progress can still be
      judged, reviewed and ended.{' '}
      {canManageAccounts(user) ? (
        'Renew it on the account page.'
      ) : (
        <>
          Please{' '}
          <AnchorLink to="/contact" inherit>
            contact us
          </AnchorLink>{' '}
          to renew.
        </>
      )}
    </Alert>
  );
}
