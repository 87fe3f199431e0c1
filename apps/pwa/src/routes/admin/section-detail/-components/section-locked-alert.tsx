import { Alert, Button, CloseButton, Group, Stack, Text, Title } from '@mantine/core';

/**
 * Why a change to the section was refused (the server names the events that hold it) and the
 * way forward right there: a copy of the section, free to change (decisions §8).
 */
export function SectionLockedAlert({
  message,
  isCopying,
  onCopy,
  onClose,
}: {
  message: string;
  isCopying: boolean;
  onCopy(): void;
  onClose(): void;
}) {
  return (
    <Alert color="orange" variant="light" p="sm" role="alert">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} size="h4" c="orange.9">
            This section cannot change
          </Title>
          <CloseButton aria-label="Dismiss" onClick={onClose} />
        </Group>
        <Text size="sm">{message}</Text>
        <Group>
          <Button onClick={onCopy} loading={isCopying}>
            Copy section
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
