import { ErrorCode, Messages } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, ClientErrorCode } from '../api/api-error.ts';
import { decideGlobalErrorOutcome } from './global-error-handler.ts';

const cases: Array<[string, unknown, { message: string; signsOut: boolean; redirectsToLogin: boolean }]> = [
  [
    'a refused token',
    new ApiError(401, ErrorCode.TokenInvalid, 'Failed to authenticate token.'),
    { message: Messages.sessionTimeout, signsOut: true, redirectsToLogin: true },
  ],
  [
    'the seed message on another status',
    new ApiError(403, ErrorCode.Forbidden, 'Failed to authenticate token.'),
    { message: Messages.sessionTimeout, signsOut: true, redirectsToLogin: true },
  ],
  [
    '400',
    new ApiError(400, ErrorCode.ValidationFailed, 'bad'),
    { message: Messages.badRequest, signsOut: true, redirectsToLogin: false },
  ],
  [
    '401',
    new ApiError(401, ErrorCode.InvalidCredentials, 'no'),
    { message: Messages.invalidCredentials, signsOut: true, redirectsToLogin: false },
  ],
  [
    '403',
    new ApiError(403, ErrorCode.Forbidden, 'no'),
    { message: Messages.sessionTimeout, signsOut: true, redirectsToLogin: false },
  ],
  [
    '500',
    new ApiError(500, ErrorCode.Internal, 'boom'),
    { message: Messages.internal, signsOut: true, redirectsToLogin: false },
  ],
  [
    '503 from a proxy',
    new ApiError(503, ClientErrorCode.Http, 'Server returned code: 503'),
    { message: Messages.internal, signsOut: true, redirectsToLogin: false },
  ],
  [
    'an expired account keeps its session',
    new ApiError(403, ErrorCode.AccountExpired, Messages.accountExpired),
    { message: Messages.accountExpired, signsOut: false, redirectsToLogin: false },
  ],
  [
    'no network keeps the session',
    new ApiError(0, ClientErrorCode.Network, 'offline'),
    { message: Messages.genericFallback, signsOut: false, redirectsToLogin: false },
  ],
  [
    'a 404',
    new ApiError(404, ErrorCode.NotFound, 'Not found'),
    { message: Messages.genericFallback, signsOut: false, redirectsToLogin: false },
  ],
  [
    'anything that is not an API error',
    new TypeError('x is undefined'),
    { message: Messages.genericFallback, signsOut: false, redirectsToLogin: false },
  ],
];

for (const [name, error, expected] of cases) {
  test(`global error outcome: ${name}`, () => {
    assert.equal(decideGlobalErrorOutcome(error), expected);
  });
}

test.run();
