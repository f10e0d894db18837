import { Card, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { ROOM_RECORDING_MODES, type RoomRecordingMode } from '../../../protocol';
import { RECORDING_MODE_DESCRIPTIONS, RECORDING_MODE_LABELS } from '../recording/room-recording-format';
import type { RoomState } from '../room-state';

interface SettingsCardProps {
  room: RoomState;
  onMode: (mode: RoomRecordingMode) => void;
  onAutoAdmit: (enabled: boolean) => void;
}

/** The host's room settings: what a recording writes, and whether waiting guests get in on their own. */
export function RecordingSettingsCard({ room, onMode, onAutoAdmit }: SettingsCardProps) {
  const locked = room.recordingState !== 'idle';
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Recording Settings
      </Title>
      <Stack gap="md">
        <Radio.Group
          label="Recording mode"
          value={room.recordingMode}
          onChange={(value) => {
            const mode = ROOM_RECORDING_MODES.find((m) => m === value);
            if (mode) onMode(mode);
          }}
        >
          <Stack gap="xs" mt="xs">
            {ROOM_RECORDING_MODES.map((mode) => (
              <Radio key={mode} value={mode} label={RECORDING_MODE_LABELS[mode]} description={RECORDING_MODE_DESCRIPTIONS[mode]} disabled={locked} />
            ))}
          </Stack>
        </Radio.Group>
        <div>
          <Switch
            label="Admit guests automatically"
            checked={room.autoAdmit}
            onChange={(event) => {
              onAutoAdmit(event.currentTarget.checked);
            }}
          />
          <Text size="xs" c="dimmed" mt={4}>
            {room.autoAdmit ? 'A guest you have not answered within 5 seconds is let in.' : 'Guests wait until you approve or reject them.'}
          </Text>
        </div>
      </Stack>
    </Card>
  );
}
