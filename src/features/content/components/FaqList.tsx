import { Accordion } from '@mantine/core';
import type { FaqItem } from '../content-types';

export function FaqList({ items }: { readonly items: readonly FaqItem[] }) {
  return (
    <Accordion variant="separated">
      {items.map((item) => (
        <Accordion.Item key={item.question} value={item.question}>
          <Accordion.Control>{item.question}</Accordion.Control>
          <Accordion.Panel>{item.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
