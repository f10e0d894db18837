import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { PendingGuest } from '../../../protocol';
import { focusIsLost } from '../../../shared/ui/focus-if-lost';
import { emptyRequestsText, pendingSummary, requestTimeLabel } from './guest-requests';
import { GUEST_DIALOG_NOTICE } from '../room-permissions';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
  isHost: boolean;
  guests: readonly PendingGuest[];
  handledRequests: number;
  inFlight: readonly string[];
  onApprove: (guestId: string) => void;
  onReject: (guestId: string) => void;
}

export function GuestApprovalDialog({ opened, onClose, isHost, guests, handledRequests, inFlight, onApprove, onReject }: DialogProps) {
  // An answered request's buttons go busy, then away, focused one included: focus moves on to the
  // next request's Approve, or to the dialog's close button when none is left.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const dialog = content.current;
    if (!opened || !dialog || !focusIsLost()) return;
    const next = dialog.querySelector<HTMLButtonElement>('[data-testid="guest-request"] button:not(:disabled)') ?? dialog.querySelector<HTMLButtonElement>('button:not(:disabled)');
    next?.focus();
  }, [opened, guests, inFlight]);
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content ref={content}>
        {/* A plain div: Mantine's <header> here reads as a second page banner to screen readers. */}
        <Modal.Header {...{ component: 'div' }}>
          <Modal.Title>Guest Requests</Modal.Title>
          <Modal.CloseButton aria-label="Close guest requests" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="sm">
            {!isHost ? <Alert color="gray">{GUEST_DIALOG_NOTICE}</Alert> : null}
            {guests.length > 0 ? <Text fw={500}>{pendingSummary(guests.length)}</Text> : <Text c="dimmed">{emptyRequestsText(handledRequests)}</Text>}
            {guests.map((guest) => (
              <GuestRow key={guest.id} guest={guest} busy={inFlight.includes(guest.id)} onApprove={onApprove} onReject={onReject} />
            ))}
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

interface RowProps {
  guest: PendingGuest;
  busy: boolean;
  onApprove: (guestId: string) => void;
  onReject: (guestId: string) => void;
}

function GuestRow({ guest, busy, onApprove, onReject }: RowProps) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="guest-request">
      <div>
        <Text fw={500}>{guest.name}</Text>
        <Text size="xs" c="dimmed">
          Requested {requestTimeLabel(guest.requestedAt)}
        </Text>
      </div>
      {busy ? (
        <Text size="sm" c="dimmed">
          Processing...
        </Text>
      ) : null}
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          color="teal.9"
          disabled={busy}
          aria-label={`Approve ${guest.name}`}
          onClick={() => {
            onApprove(guest.id);
          }}
        >
          Approve
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={busy}
          aria-label={`Reject ${guest.name}`}
          onClick={() => {
            onReject(guest.id);
          }}
        >
          Reject
        </Button>
      </Group>
    </Group>
  );
}
