import { realTimers, type Timers } from '../support/timers.ts';

/** Alert kinds shown in the global alerts area. */
export const AlertType = {
  Success: 'Success',
  Error: 'Error',
  Info: 'Info',
  Warning: 'Warning',
} as const;
export type AlertType = (typeof AlertType)[keyof typeof AlertType];

export interface AppAlert {
  id: string;
  type: AlertType;
  message: string;
  /** Stays until closed by hand (seed: school update alerts do not auto-close). */
  persistent: boolean;
  /** Fading out; removed once the fade has run. */
  isClosing: boolean;
}

export interface AlertInput {
  type: AlertType;
  message: string;
  persistent?: boolean;
}

/** Seed section 9: alerts auto-close after 5 seconds with a 250 ms fade. */
export const ALERT_AUTO_CLOSE_MS = 5000;
export const ALERT_FADE_MS = 250;

export interface AlertsStore {
  getAlerts(): readonly AppAlert[];
  showAlert(input: AlertInput): string;
  closeAlert(id: string): void;
  subscribe(listener: () => void): () => void;
}

export function createAlertsStore(timers: Timers = realTimers): AlertsStore {
  let alerts: readonly AppAlert[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const autoCloseTimers = new Map<string, unknown>();

  const update = (next: readonly AppAlert[]) => {
    alerts = next;
    for (const listener of listeners) listener();
  };

  const scheduleAutoClose = (id: string) => {
    timers.clearTimeout(autoCloseTimers.get(id));
    autoCloseTimers.set(
      id,
      timers.setTimeout(() => closeAlert(id), ALERT_AUTO_CLOSE_MS),
    );
  };

  const closeAlert = (id: string) => {
    timers.clearTimeout(autoCloseTimers.get(id));
    autoCloseTimers.delete(id);
    if (!alerts.some((alert) => alert.id === id && !alert.isClosing)) return;
    update(alerts.map((alert) => (alert.id === id ? { ...alert, isClosing: true } : alert)));
    timers.setTimeout(() => update(alerts.filter((alert) => alert.id !== id)), ALERT_FADE_MS);
  };

  const showAlert = (input: AlertInput) => {
    // The same message already on screen restarts its timer instead of stacking a copy.
    const same = alerts.find(
      (alert) => !alert.isClosing && alert.type === input.type && alert.message === input.message,
    );
    if (same) {
      if (!same.persistent) scheduleAutoClose(same.id);
      return same.id;
    }
    const alert: AppAlert = {
      id: `alert-${nextId++}`,
      type: input.type,
      message: input.message,
      persistent: input.persistent ?? false,
      isClosing: false,
    };
    // One notice at a time: stacked toasts grew up the screen over the buttons below them.
    for (const handle of autoCloseTimers.values()) timers.clearTimeout(handle);
    autoCloseTimers.clear();
    update([alert]);
    if (!alert.persistent) scheduleAutoClose(alert.id);
    return alert.id;
  };

  return {
    getAlerts: () => alerts,
    showAlert,
    closeAlert,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const alertsStore = createAlertsStore();

/** Shows an alert in the global alerts area; returns its id. */
export function showAlert(input: AlertInput): string {
  return alertsStore.showAlert(input);
}
