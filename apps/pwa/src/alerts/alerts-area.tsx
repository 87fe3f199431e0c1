import { Alert, Stack } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { ALERT_FADE_MS, AlertType, alertsStore, type AppAlert } from './alerts-store.ts';
import classes from './alerts-area.module.css';

const colorByType: Record<AlertType, string> = {
  [AlertType.Success]: 'basil',
  [AlertType.Error]: 'red',
  [AlertType.Info]: 'blue',
  [AlertType.Warning]: 'yellow',
};

/** The global alerts area: newest last, each closable, fading out over 250 ms. */
export function AlertsArea() {
  const alerts = useSyncExternalStore(alertsStore.subscribe, alertsStore.getAlerts);
  return (
    <Stack className={classes.area} gap="xs" aria-live="polite" aria-label="Alerts">
      {alerts.map((alert) => (
        <AlertItem key={alert.id} alert={alert} />
      ))}
    </Stack>
  );
}

function AlertItem({ alert }: { alert: AppAlert }) {
  const isUrgent = alert.type === AlertType.Error || alert.type === AlertType.Warning;
  return (
    <Alert
      className={classes.alert}
      data-closing={alert.isClosing || undefined}
      style={{ '--alert-fade-ms': `${ALERT_FADE_MS}ms` }}
      role={isUrgent ? 'alert' : 'status'}
      color={colorByType[alert.type]}
      variant="filled"
      title={alert.type}
      withCloseButton
      closeButtonLabel="Close alert"
      onClose={() => alertsStore.closeAlert(alert.id)}
    >
      {alert.message}
    </Alert>
  );
}
