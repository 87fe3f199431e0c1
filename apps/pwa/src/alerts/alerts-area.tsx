import { Alert, Stack } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { ALERT_FADE_MS, AlertType, alertsStore, type AppAlert } from './alerts-store.ts';
import classes from './alerts-area.module.css';

/** Filled colours dark enough for white text at 4.5:1. */
const colorByType: Record<AlertType, string> = {
  [AlertType.Success]: 'basil.8',
  [AlertType.Error]: 'red.9',
  [AlertType.Info]: 'blue.9',
  [AlertType.Warning]: '#8f5200',
};

/** The global alerts area: newest last, each closable, fading out over 250 ms. */
export function AlertsArea() {
  const alerts = useSyncExternalStore(alertsStore.subscribe, alertsStore.getAlerts);
  return (
    <Stack className={classes.area} gap="xs" role="region" aria-live="polite" aria-label="Alerts">
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
