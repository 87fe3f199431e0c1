import type { School } from '@judging/shared-types';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { modalTitleStyles } from '../../../../layout/modal-styles.ts';

/** 'more': the school's principal and educators 1 to 3. */
export function StaffModal({ school, onClose }: { school: School; onClose(): void }) {
  const educators = [school.schoolEducator1, school.schoolEducator2, school.schoolEducator3].filter(
    (educator) => educator.trim() !== '',
  );
  return (
    <Modal opened onClose={onClose} title={`${school.schoolName}: staff`} centered styles={modalTitleStyles}>
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={700}>Principal</Text>
          <Text>{school.schoolPrincipal}</Text>
        </Stack>
        <Stack gap={2}>
          <Text fw={700}>Educators</Text>
          <List type="ordered" spacing={4}>
            {educators.map((educator, index) => (
              <List.Item key={index}>{educator}</List.Item>
            ))}
          </List>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
