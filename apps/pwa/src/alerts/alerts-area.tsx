import { Alert, Box } from '@mantine/core';
import { useRef, useSyncExternalStore } from 'react';
import { ALERT_FADE_MS, AlertType, alertsStore, type AppAlert } from './alerts-store.ts';
import classes from './alerts-area.module.css';
import { useNoticePlacement } from './use-notice-placement.ts';

/** Filled colours dark enough for white text at 4.5:1. */
const colorByType: Record<AlertType, string> = {
  [AlertType.Success]: 'basil.8',
  [AlertType.Error]: 'red.9',
  [AlertType.Info]: 'blue.9',
  [AlertType.Warning]: '#8f5200',
};

/** A notice's width at most, in rem; narrower screens take their width less the margins. */
const NOTICE_WIDTH_REM = 26;

/**
 * The global alerts area: one notice at a time (the store replaces the old one), placed where it
 * covers no button or field, closable, fading out over 250 ms, and never printed.
 */
export function AlertsArea() {
  const alerts = useSyncExternalStore(alertsStore.subscribe, alertsStore.getAlerts);
  const alert = alerts[alerts.length - 1];
  const noticeRef = useRef<HTMLDivElement>(null);
  const place = useNoticePlacement(noticeRef, alert?.id ?? null, NOTICE_WIDTH_REM);
  return (
    <Box className={classes.area} role="region" aria-live="polite" aria-label="Alerts">
      {alert && (
        <div
          ref={noticeRef}
          className={classes.notice}
          style={
            place
              ? { left: place.left, top: place.top, width: place.width }
              : { visibility: 'hidden', width: `min(${NOTICE_WIDTH_REM}rem, calc(100vw - 2rem))` }
          }
        >
          <AlertItem key={alert.id} alert={alert} />
        </div>
      )}
    </Box>
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
