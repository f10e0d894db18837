import { Accordion } from '@mantine/core';
import type { FaqItem } from '../content-types';

export function FaqList({ items }: { readonly items: readonly FaqItem[] }) {
  return (
    // Closed answers stay in the HTML (display: none), so the prerendered page and crawlers have them.
    <Accordion variant="separated" keepMounted keepMountedMode="display-none">
      {items.map((item) => (
        <Accordion.Item key={item.question} value={item.question}>
          <Accordion.Control>{item.question}</Accordion.Control>
          <Accordion.Panel>{item.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
