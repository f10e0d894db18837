import { Accordion, Chip, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { FAQ, FAQ_CATEGORIES, type FaqCategory } from '../data/faq';

type Filter = FaqCategory | 'All';

/**
 * The Help Center's questions with a category chip row that narrows them. Closed answers stay in
 * the HTML (hidden with display: none), so the prerendered page carries what its FAQPage data marks up.
 */
export function FaqBrowser() {
  const [filter, setFilter] = useState<Filter>('All');
  const shown = filter === 'All' ? FAQ : FAQ.filter((f) => f.category === filter);
  return (
    <>
      <Chip.Group
        multiple={false}
        value={filter}
        onChange={(value) => {
          setFilter(value);
        }}
      >
        <Group gap="xs" mb="lg" role="radiogroup" aria-label="Show questions about">
          {(['All', ...FAQ_CATEGORIES] as const).map((category) => (
            // One name makes them one radio group: arrow keys move between the categories.
            <Chip key={category} value={category} variant="outline" name="faq-category">
              {category}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
        {filter === 'All' ? `All ${FAQ.length} questions` : `${shown.length} of ${FAQ.length} questions, about ${filter.toLowerCase()}`}
      </Text>
      <Accordion variant="separated" keepMounted keepMountedMode="display-none">
        {shown.map((f) => (
          <Accordion.Item key={f.question} value={f.question}>
            <Accordion.Control>{f.question}</Accordion.Control>
            <Accordion.Panel>{f.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </>
  );
}
