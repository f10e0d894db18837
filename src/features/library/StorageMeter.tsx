import { Badge, Group, Progress, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatFileSize } from '../../shared/format';
import { storageEstimate } from '../../media';

export const storageQueryKey = ['recordings', 'storage'] as const;

/** How much of this browser's storage the app uses, and whether it is protected from eviction. */
export function StorageMeter() {
  const { data } = useQuery({
    queryKey: storageQueryKey,
    // Null when the browser says nothing of its storage: then there is nothing to show.
    queryFn: async () => {
      const estimate = await storageEstimate();
      if (!estimate) return null;
      const persisted = await navigator.storage.persisted().catch(() => false);
      return { ...estimate, persisted };
    },
  });
  if (!data) return null;
  const percent = data.quota > 0 ? (data.usage / data.quota) * 100 : 0;
  return (
    <div>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" data-testid="storage-used">
          {formatFileSize(data.usage)} used of {formatFileSize(data.quota)} available
        </Text>
        <Badge variant="light" color={data.persisted ? 'teal' : 'gray'}>
          {data.persisted ? 'Persistent storage granted' : 'Storage may be cleared by the browser'}
        </Badge>
      </Group>
      <Progress value={percent} aria-label="Storage used" color={percent > 90 ? 'red' : 'blue'} />
    </div>
  );
}
