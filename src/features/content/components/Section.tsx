import { Box, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface SectionProps {
  readonly title: string;
  readonly intro?: ReactNode;
  readonly children: ReactNode;
  /** Extra space above; the first section under a page header needs less. */
  readonly mt?: string;
  /** An address for in-page links (#id). */
  readonly id?: string;
}

/** A titled region of a content page (an h2 landmark), so screen readers can jump between them. */
export function Section({ title, intro, children, mt = '3rem', id }: SectionProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} mt={mt} id={id}>
      <Title order={2} id={headingId} mb={intro ? 'xs' : 'md'}>
        {title}
      </Title>
      {intro ? (
        <Text c="dimmed" mb="lg" maw={760}>
          {intro}
        </Text>
      ) : null}
      {children}
    </Box>
  );
}
