import { Alert, Box, Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { OUTDATED_MESSAGE, storageStatus, subscribeStorageStatus, type ConnectionStatus } from '../media';

/**
 * Says what happens when two versions of the app meet over one database: a newer tab waits for a
 * recording in an older tab to be saved before upgrading storage, and the older tab, once it let
 * go, asks for a reload instead of failing quietly.
 */
export function StorageUpdateNotice() {
  const status: ConnectionStatus = useSyncExternalStore(subscribeStorageStatus, storageStatus, () => 'ready' as const);
  if (status === 'ready') return null;
  return (
    <Box p="md" maw={1200} mx="auto">
      {status === 'waiting' ? (
        <Alert color="blue" variant="light" title="Updating how recordings are stored" role="status" data-testid="storage-waiting">
          Another Framecast tab is still recording. This tab finishes updating your recordings as soon as that recording is saved;
          nothing is lost meanwhile.
        </Alert>
      ) : (
        <Alert color="yellow" variant="light" title="Framecast was updated" role="alert" data-testid="storage-outdated">
          {OUTDATED_MESSAGE} Your recordings are safe.
          <Button size="xs" mt="xs" display="block" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => window.location.reload()}>
            Reload this tab
          </Button>
        </Alert>
      )}
    </Box>
  );
}
