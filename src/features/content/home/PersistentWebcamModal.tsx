import { Group, List, Modal, Stack, Text } from '@mantine/core';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import type { ReactNode } from 'react';

interface PersistentWebcamModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  /** The control that opens the floating webcam window (from the webcam-window feature) goes here. */
  readonly children?: ReactNode;
}

/** Explains the floating webcam window and how it differs from the burned-in bubble. */
export default function PersistentWebcamModal({ opened, onClose, children }: PersistentWebcamModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Persistent Webcam" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text>
          Keep your camera in a small floating window that stays visible while you present, teach or demo in other apps.
          Anything that records or shares your screen (a Framecast screen recording, or a video call) shows it wherever
          you put it.
        </Text>
        <List spacing={4} size="sm">
          <List.Item>Drag it anywhere and resize it (down to 200 × 150 pixels).</List.Item>
          <List.Item>Choose a rectangle, a square or a circle.</List.Item>
          <List.Item>Turn the camera or microphone off, minimise it, or close it when you are done.</List.Item>
          <List.Item>
            In Chrome and Edge it can float above other apps (Document Picture-in-Picture); elsewhere it floats over this
            tab.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Want the camera inside the video file itself? Screen + Webcam mode burns the bubble into the recording, in any
          of 9 positions, 3 sizes and 3 shapes.
        </Text>
        <Group mt="sm">
          {children}
          <ButtonLink to="/studio" search={{ mode: 'screen-webcam' }} variant={children ? 'default' : 'filled'} onClick={onClose}>
            Record Screen + Webcam instead
          </ButtonLink>
        </Group>
      </Stack>
    </Modal>
  );
}
