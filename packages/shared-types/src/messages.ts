/** User-facing texts of the seed's error catalogue (section 8), with decisions.md's typo fixes. */
export const Messages = {
  badRequest: 'Something went wrong, please login again',
  invalidCredentials: 'There was an issue with your username or password. Please try logging in again.',
  sessionTimeout: 'Session timeout, please login again',
  internal: 'Internal server error, please try again later.',
  failedToAuthenticateToken: 'Failed to authenticate token.',
  genericFallback: 'Whoops something went wrong',
  tooManyLoginAttempts: 'Too many login attempts. Please wait a minute and try again.',
  captchaRequiredToLogIn:
    'Too many failed logins from your network. Please confirm you are not a robot, then log in again.',
  tooManyRequests: 'Too many requests from your network. Please wait a few minutes and try again.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetEmailSent: 'If an account exists for that email, we have sent a link to reset the password.',
  passwordResetDone: 'Your password has been reset.',
  resettingPasswordFailed: 'Issue resetting password, please try again',
  settingsFailed: 'Something went wrong, please try again',
  updateSuccessful: 'Update successful',
  accountExpired: 'Your account has expired. Renew the subscription to make changes.',
  emailInUse: 'That email is already used by another user',
  statesFailed: 'Issue with getting states, please refresh',
  /** A judge opens an event that is not among their events (or does not exist); the page returns to the dashboard. */
  notJudgesEvent: 'Something went wrong. Please try again',
} as const;
