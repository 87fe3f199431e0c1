// Where the server stands as far as the tablet knows, as a pure reducer of what happened: the
// page starting, the browser's `online`/`offline`, probes answered or not, and the runner's own
// requests sent, answered, unanswered or abandoned (offline-sync.md "Sync runner"). The runner
// feeds it every event and reads two things back: the connection the status bar shows, and
// whether the request in flight is stuck (to abort it and send it again at once).
//
// A request is stuck when the server answers a probe while that request is in doubt: it left
// while the server could not be reached, or the server was seen out of reach since it left. Its
// connection may be dead and never answer (a venue uplink that dropped it); a new request is
// answered at once, and its mutation ids make the repeat safe. A request that left while the
// server answered and stays slow (a photo on a weak uplink) is not in doubt: aborting it on every
// probe would never let it finish.

/**
 * `checking` (nothing heard yet since the page started or the network came back), `connected`
 * (the server answered last time), `unreachable` (the browser has a network but the server did
 * not answer: refused, timed out, or something else answered in its place), `offline` (the
 * browser has no network).
 */
export const Connection = {
  Checking: 'checking',
  Connected: 'connected',
  Unreachable: 'unreachable',
  Offline: 'offline',
} as const;
export type Connection = (typeof Connection)[keyof typeof Connection];

/** The runner's request in flight (one at a time): none, sent while the server answered, or in doubt. */
export const InFlight = { None: 'none', Trusted: 'trusted', InDoubt: 'in-doubt' } as const;
export type InFlight = (typeof InFlight)[keyof typeof InFlight];

export interface ConnectionState {
  connection: Connection;
  isBrowserOnline: boolean;
  request: InFlight;
  /** A probe was answered while the request in flight was in doubt: abort it and send it again. */
  isRequestStuck: boolean;
  /** When the server last answered anything (ms since the epoch; -Infinity when never). */
  lastHeardAt: number;
}

export type ConnectionEvent =
  | { type: 'pageStarted'; isBrowserOnline: boolean }
  | { type: 'browserOnline' }
  | { type: 'browserOffline' }
  | { type: 'probeAnswered'; at: number }
  | { type: 'probeFailed' }
  | { type: 'requestSent' }
  /** Our API answered: an acknowledgement, or one of its own errors (a refusal, 401, 426, a 500). */
  | { type: 'requestAnswered'; at: number }
  /** No answer of our API: refused, timed out, no network, or a portal's page in its place. */
  | { type: 'requestUnanswered' }
  /** The runner gave the request up (stuck, aborted), or it ended without a word on the server. */
  | { type: 'requestAbandoned' };

/** A page that has just started knows nothing of the server yet: checking, or offline without a network. */
export function startingConnection(isBrowserOnline: boolean): ConnectionState {
  return nextConnectionState(undefined, { type: 'pageStarted', isBrowserOnline });
}

/** The server answered: connected, unless the browser has lost its network meanwhile. */
function heard(state: ConnectionState, at: number): ConnectionState {
  return {
    ...state,
    connection: state.isBrowserOnline ? Connection.Connected : Connection.Offline,
    lastHeardAt: Math.max(state.lastHeardAt, at),
  };
}

/** The server was not reached: a request in flight may be on a dead connection from now on. */
function outOfReach(state: ConnectionState): ConnectionState {
  return {
    ...state,
    connection: state.isBrowserOnline ? Connection.Unreachable : Connection.Offline,
    request: state.request === InFlight.None ? InFlight.None : InFlight.InDoubt,
  };
}

export function nextConnectionState(state: ConnectionState | undefined, event: ConnectionEvent): ConnectionState {
  if (event.type === 'pageStarted' || state === undefined) {
    const isBrowserOnline = event.type === 'pageStarted' ? event.isBrowserOnline : true;
    return {
      connection: isBrowserOnline ? Connection.Checking : Connection.Offline,
      isBrowserOnline,
      request: InFlight.None,
      isRequestStuck: false,
      lastHeardAt: Number.NEGATIVE_INFINITY,
    };
  }
  switch (event.type) {
    case 'browserOffline':
      return outOfReach({ ...state, isBrowserOnline: false });
    case 'browserOnline':
      // A network again, the server not heard on it yet.
      return {
        ...state,
        isBrowserOnline: true,
        connection: state.connection === Connection.Offline ? Connection.Checking : state.connection,
      };
    case 'probeAnswered':
      return { ...heard(state, event.at), isRequestStuck: state.request === InFlight.InDoubt };
    case 'probeFailed':
      return outOfReach(state);
    case 'requestSent': {
      const isReachable = state.connection === Connection.Connected || state.connection === Connection.Checking;
      return { ...state, request: isReachable ? InFlight.Trusted : InFlight.InDoubt, isRequestStuck: false };
    }
    case 'requestAnswered':
      return { ...heard(state, event.at), request: InFlight.None, isRequestStuck: false };
    case 'requestUnanswered':
      return { ...outOfReach(state), request: InFlight.None, isRequestStuck: false };
    case 'requestAbandoned':
      return { ...state, request: InFlight.None, isRequestStuck: false };
  }
}
