import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isRecordingActive, subscribeRecordingActivity } from '../../media';
import { startServiceWorker, type ServiceWorkerHandle } from './service-worker';
import { acceptUpdate, updatePromptView, type UpdatePhase } from './update-prompt-state';

/**
 * Starts offline support once per page load (production builds only) and shows its two messages:
 * "Ready to work offline" once after the first install, and "Update available" with Reload.
 */
export function PwaManager() {
  const [phase, setPhase] = useState<UpdatePhase>('none');
  const handle = useRef<ServiceWorkerHandle | null>(null);
  const recording = useSyncExternalStore(subscribeRecordingActivity, isRecordingActive, () => false);

  useEffect(() => {
    if (!import.meta.env.PROD) return;
    let cancelled = false;
    void startServiceWorker({
      onOfflineReady: () => {
        notifications.show({
          title: 'Ready to work offline',
          message: 'Framecast is saved on this device. You can open it and record without a connection.',
          color: 'teal',
          autoClose: 8000,
        });
      },
      onUpdateWaiting: () => {
        setPhase((p) => (p === 'applying' ? p : 'waiting'));
      },
    }).then((h) => {
      if (!cancelled) handle.current = h;
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const view = updatePromptView(phase, recording);
  if (!view.visible) return null;
  const reload = () => {
    const next = acceptUpdate(phase, isRecordingActive());
    setPhase(next);
    if (next === 'applying') handle.current?.applyUpdate();
  };
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={300}>
      <Paper withBorder shadow="lg" p="md" maw={360} role="status" aria-label="Update available">
        <Text fw={700}>Update available</Text>
        <Text size="sm" c="dimmed" mt={4}>
          {view.message}
        </Text>
        <Group mt="sm" gap="xs">
          <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} disabled={!view.canReload} onClick={reload}>
            Reload
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              setPhase('dismissed');
            }}
          >
            Later
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
