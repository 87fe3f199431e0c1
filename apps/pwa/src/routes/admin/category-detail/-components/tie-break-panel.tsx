// The category's tie-break rules (issue 40): an ordered list the coordinator builds before judging
// starts; the server locks it at the first score. Without rules a tie stands (decisions §7).
import {
  describeTieBreakRule,
  type CategoryDetail,
  type TieBreakRule,
  type TieBreakRules,
} from '@judging/shared-types';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { getTieBreakRules, saveTieBreakRules } from '../../../../api/categories-api.ts';
import { withLoading } from '../../../../loading/loading-store.ts';
import { reportEventError } from '../../manage-events/-components/event-errors.ts';

const ruleKey = (rule: TieBreakRule) => (rule.kind === 'sectionScore' ? `sectionScore:${rule.sectionId}` : rule.kind);

function ruleOfKey(key: string): TieBreakRule {
  if (key.startsWith('sectionScore:'))
    return { kind: 'sectionScore', sectionId: Number(key.slice('sectionScore:'.length)) };
  return { kind: key as 'fewerPenalties' | 'lowestSheet' | 'none' };
}

export function TieBreakPanel({
  eventId,
  category,
  canEdit,
}: {
  eventId: number;
  category: CategoryDetail;
  canEdit: boolean;
}) {
  const stored = useApiQuery<TieBreakRules>(`tie-breaks-${eventId}-${category.categoryId}`, (signal) =>
    getTieBreakRules(eventId, category.categoryId, signal),
  );
  // The list being edited; null: the stored one, unchanged.
  const [draft, setRules] = useState<TieBreakRule[] | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  if (!stored.data) return null;
  const rules = stored.data.isLocked ? stored.data.rules : (draft ?? stored.data.rules);

  const sections = category.categorySections.map((section) => ({
    sectionId: section.sectionId,
    sectionName: section.sectionName,
  }));
  const isEditable = canEdit && !stored.data.isLocked;
  const endsWithNone = rules.at(-1)?.kind === 'none';
  const used = new Set(rules.map(ruleKey));
  const candidates: TieBreakRule[] = [
    ...sections.map((section): TieBreakRule => ({ kind: 'sectionScore', sectionId: section.sectionId })),
    { kind: 'fewerPenalties' },
    { kind: 'lowestSheet' },
    { kind: 'none' },
  ];
  const options = endsWithNone
    ? []
    : candidates
        .filter((rule) => !used.has(ruleKey(rule)))
        .map((rule) => ({ value: ruleKey(rule), label: describeTieBreakRule(rule, sections) }));
  const isChanged = JSON.stringify(rules) !== JSON.stringify(stored.data.rules);

  const move = (index: number, by: -1 | 1) => {
    const next = [...rules];
    const [rule] = next.splice(index, 1);
    if (rule === undefined) return;
    next.splice(index + by, 0, rule);
    setRules(next);
  };
  const save = async () => {
    try {
      const response = await withLoading(saveTieBreakRules(eventId, category.categoryId, rules));
      showAlert({ type: AlertType.Success, message: response.message });
      stored.setData(response.tieBreaks);
      setRules(null);
    } catch (error) {
      reportEventError(error);
      // A 409 means judging began meanwhile: show the rules as they stand (the draft stays on screen).
      stored.reload();
    }
  };

  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Title order={2} size="h3">
          Tie-break rules
        </Title>
        <Text size="sm" c="dimmed">
          When teams show the same score, these rules are tried in order; the first one on which they differ decides,
          and the results say why. Without rules, tied teams share the place. Disqualified and not scored teams are
          never moved.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          {rules.length === 0 ? (
            <Text c="dimmed">No tie-break: tied teams share the place.</Text>
          ) : (
            <ol aria-label="Tie-break rules" style={{ margin: 0, paddingLeft: '1.25rem' }}>
              {rules.map((rule, index) => {
                const label = describeTieBreakRule(rule, sections);
                return (
                  <li key={ruleKey(rule)}>
                    <Group justify="space-between" gap="xs" wrap="nowrap" py={2}>
                      <Text>{label}</Text>
                      {isEditable && (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move up: ${label}`}
                            disabled={index === 0}
                            onClick={() => move(index, -1)}
                          >
                            ↑
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move down: ${label}`}
                            disabled={index === rules.length - 1}
                            onClick={() => move(index, 1)}
                          >
                            ↓
                          </ActionIcon>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red.9"
                            aria-label={`Remove rule: ${label}`}
                            onClick={() => setRules(rules.filter((_, position) => position !== index))}
                          >
                            Remove
                          </Button>
                        </Group>
                      )}
                    </Group>
                  </li>
                );
              })}
            </ol>
          )}
          {isEditable ? (
            <Group align="flex-end" gap="sm">
              <Select
                label="Add a rule"
                placeholder={options.length === 0 ? 'Nothing more to add' : 'Choose a rule'}
                data={options}
                value={choice}
                onChange={setChoice}
                disabled={options.length === 0}
                w={360}
                maw="100%"
              />
              <Button
                variant="light"
                disabled={choice === null}
                onClick={() => {
                  if (choice === null) return;
                  const rule = ruleOfKey(choice);
                  // "No tie-break" ends the list: rules after it would never be tried.
                  setRules(rule.kind === 'none' ? [...rules, rule] : [...rules.filter((r) => r.kind !== 'none'), rule]);
                  setChoice(null);
                }}
              >
                Add
              </Button>
              <Button disabled={!isChanged} onClick={() => void save()}>
                Save rules
              </Button>
            </Group>
          ) : (
            stored.data.isLocked && (
              <Text size="sm" c="dimmed">
                Judges have entered scores in this category, so these rules can no longer change.
              </Text>
            )
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
