import { Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../shared/ui/PageHeader';
import { AudioSettingsCard } from './cards/AudioSettingsCard';
import { GeneralSettingsCard } from './cards/GeneralSettingsCard';
import { ScreenSettingsCard } from './cards/ScreenSettingsCard';
import { StorageSettingsCard } from './cards/StorageSettingsCard';
import { VideoSettingsCard } from './cards/VideoSettingsCard';
import { WebcamDefaultsCard } from './cards/WebcamDefaultsCard';
import { SettingsTransfer } from './SettingsTransfer';
import { useSettings } from './useSettings';

export function SettingsPage() {
  const settings = useSettings();
  return (
    <Container size="lg" py="xl">
      <PageHeader title="Settings" intro="Recording quality, audio, screen capture, storage and webcam defaults. Stored only in this browser." />
      <Group justify="space-between" align="center" mt="lg" mb="md" gap="sm">
        <Text size="sm" c="dimmed">
          Changes are saved as you make them and apply in every open tab.
        </Text>
        <SettingsTransfer />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <VideoSettingsCard video={settings.video} />
        <Stack gap="lg">
          <AudioSettingsCard audio={settings.audio} />
          <ScreenSettingsCard screen={settings.screen} />
        </Stack>
        <StorageSettingsCard storage={settings.storage} />
        <Stack gap="lg">
          <WebcamDefaultsCard webcam={settings.webcam} />
          <GeneralSettingsCard settings={settings} />
        </Stack>
      </SimpleGrid>
    </Container>
  );
}
