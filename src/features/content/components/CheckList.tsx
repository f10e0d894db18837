import { List, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/** A bullet list with check marks, for benefits and advantages. */
export function CheckList({ items, color = 'teal' }: { readonly items: readonly string[]; readonly color?: string }) {
  return (
    <List
      spacing="xs"
      icon={
        <ThemeIcon size={20} radius="xl" color={color} variant="light">
          <IconCheck size={13} aria-hidden />
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}
