import { ActionIcon, Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconMicrophoneOff, IconUserMinus, IconVideoOff } from '@tabler/icons-react';
import type { Participant } from '../room-state';

interface ParticipantListProps {
  participants: readonly Participant[];
  canKick: boolean;
  onKick: (participantId: string) => void;
}

/** Everyone in the room, whichever page their tile is on: name, host, microphone and camera, and the host's Remove. */
export function ParticipantList({ participants, canKick, onKick }: ParticipantListProps) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="participant-list-title" data-testid="participant-list">
      <Title order={2} size="h4" id="participant-list-title" mb="xs">
        Participants ({participants.length})
      </Title>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {participants.map((participant) => (
          <Group key={participant.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap" miw={0}>
              <Text size="sm" truncate>
                {participant.isLocal ? `${participant.name} (You)` : participant.name}
              </Text>
              {participant.isHost ? (
                <Badge color="violet" variant="light" size="xs">
                  Host
                </Badge>
              ) : null}
              {!participant.audioEnabled ? <IconMicrophoneOff size={16} aria-label="Microphone off" role="img" /> : null}
              {!participant.videoEnabled ? <IconVideoOff size={16} aria-label="Camera off" role="img" /> : null}
            </Group>
            {canKick && !participant.isLocal ? (
              <Tooltip label={`Remove ${participant.name}`}>
                <ActionIcon
                  color="red"
                  variant="subtle"
                  size="sm"
                  aria-label={`Remove ${participant.name} from the room`}
                  onClick={() => {
                    onKick(participant.id);
                  }}
                >
                  <IconUserMinus size={14} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
