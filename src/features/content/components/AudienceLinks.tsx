import { Anchor, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AUDIENCES } from '../catalog';

/** Links to the audience pages (all, or all but the current one). */
export function AudienceLinks({ exclude }: { readonly exclude?: string }) {
  return (
    <Group component="ul" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
      {AUDIENCES.filter((a) => a.slug !== exclude).map((audience) => (
        <li key={audience.slug}>
          <Anchor renderRoot={(props) => <Link to="/for/$slug" params={{ slug: audience.slug }} {...props} />}>
            Framecast for {audience.name}
          </Anchor>
        </li>
      ))}
    </Group>
  );
}
