import { Box, Card, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import type { GuideStep } from '../content-types';

/** The numbered steps of a guide, as an ordered list, with their tips. */
export function GuideSteps({ steps }: { readonly steps: readonly GuideStep[] }) {
  return (
    <Box component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {steps.map((step) => (
        // The id is the HowToStep's address in the page's structured data (route-list.ts).
        <Card component="li" key={step.number} id={`step-${String(step.number)}`} withBorder padding="lg" mb="md">
          <Group align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon size={36} radius="xl" aria-hidden>
              <Text fw={700} c="white" span>
                {step.number}
              </Text>
            </ThemeIcon>
            <div>
              <Title order={3} size="h4" mb={6}>
                <span className="visually-hidden">Step {step.number}: </span>
                {step.title}
              </Title>
              <Text>{step.description}</Text>
              {step.tips?.length ? (
                <List
                  mt="sm"
                  spacing={4}
                  size="sm"
                  icon={
                    <ThemeIcon size={20} radius="xl" color="yellow.4" autoContrast>
                      <IconBulb size={13} aria-hidden />
                    </ThemeIcon>
                  }
                >
                  {step.tips.map((tip) => (
                    <List.Item key={tip}>
                      <strong>Tip:</strong> {tip}
                    </List.Item>
                  ))}
                </List>
              ) : null}
            </div>
          </Group>
        </Card>
      ))}
    </Box>
  );
}
