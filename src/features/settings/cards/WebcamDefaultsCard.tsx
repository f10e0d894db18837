import { SimpleGrid, Select } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import type { Settings } from '../settings-schema';
import { updateSettings } from '../settings-store';
import { WEBCAM_POSITION_OPTIONS, WEBCAM_SHAPE_OPTIONS, WEBCAM_SIZE_OPTIONS } from '../setting-labels';
import { SettingsCard, isOneOf } from './SettingsCard';

export function WebcamDefaultsCard({ webcam }: { readonly webcam: Settings['webcam'] }) {
  return (
    <SettingsCard
      title="Webcam Overlay"
      description="Where the webcam bubble sits in Screen + Webcam recordings. The studio starts with these and you can change them per recording."
      icon={<IconCamera size={20} aria-hidden />}
    >
      <SimpleGrid cols={{ base: 1, sm: 3, md: 1 }} spacing="sm">
        <Select
          label="Default webcam size"
          data={WEBCAM_SIZE_OPTIONS}
          value={webcam.size}
          allowDeselect={false}
          onChange={(value) => {
            if (isOneOf(WEBCAM_SIZE_OPTIONS, value)) updateSettings({ webcam: { size: value } });
          }}
        />
        <Select
          label="Default webcam position"
          data={WEBCAM_POSITION_OPTIONS}
          value={webcam.position}
          allowDeselect={false}
          onChange={(value) => {
            if (isOneOf(WEBCAM_POSITION_OPTIONS, value)) updateSettings({ webcam: { position: value } });
          }}
        />
        <Select
          label="Default webcam shape"
          data={WEBCAM_SHAPE_OPTIONS}
          value={webcam.shape}
          allowDeselect={false}
          onChange={(value) => {
            if (isOneOf(WEBCAM_SHAPE_OPTIONS, value)) updateSettings({ webcam: { shape: value } });
          }}
        />
      </SimpleGrid>
    </SettingsCard>
  );
}
