import { Fragment } from 'react';

/** An email address that may wrap before its '@' in a narrow table cell (never inside a word). */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <Fragment>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </Fragment>
  );
}
