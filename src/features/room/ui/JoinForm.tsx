import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { MAX_NAME_LENGTH } from '../../../protocol';
import type { RoomPhase } from '../room-state';

interface JoinFormProps {
  initialName: string;
  phase: RoomPhase;
  error: string | null;
  onJoin: (name: string) => void;
  onCancel: () => void;
}

/** Your Name and Join Room; Enter submits. A blank name is answered with the Name Required notice. */
export function JoinForm({ initialName, phase, error, onJoin, onCancel }: JoinFormProps) {
  const [name, setName] = useState(initialName);
  const busy = phase === 'joining' || phase === 'waiting';
  return (
    <Card withBorder maw={520} mt="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onJoin(name);
        }}
      >
        <Stack>
          <TextInput
            label="Your Name"
            placeholder="How others will see you"
            value={name}
            maxLength={MAX_NAME_LENGTH}
            autoComplete="name"
            disabled={busy}
            onChange={(event) => {
              setName(event.currentTarget.value);
            }}
          />
          <Group>
            <Button type="submit" disabled={busy}>
              {busy ? 'Joining...' : 'Join Room'}
            </Button>
            <Button component={Link} to="/" variant="default">
              Back to Home
            </Button>
          </Group>
          {phase === 'waiting' ? (
            <Alert color="blue" title="Waiting for the host" data-testid="waiting-for-host">
              <Group gap="sm" wrap="nowrap">
                <Loader size="xs" aria-hidden />
                <Text size="sm">The host has been asked to let you in.</Text>
              </Group>
              <Button size="xs" variant="subtle" mt="xs" onClick={onCancel}>
                Cancel request
              </Button>
            </Alert>
          ) : null}
          {error && !busy ? (
            <Alert color="red" title="Could not join" data-testid="join-error">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
