import { Badge, Button, Card, Container, Grid, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../shared/ui/PageHeader';

type RecordingMode = 'screen-only' | 'webcam-only' | 'screen-webcam';

const MODES: { value: RecordingMode; label: string }[] = [
  { value: 'screen-only', label: 'Screen Only' },
  { value: 'webcam-only', label: 'Webcam Only' },
  { value: 'screen-webcam', label: 'Screen + Webcam' },
];

export function StudioPage() {
  const [mode, setMode] = useState<RecordingMode>('screen-webcam');
  const [webcam, setWebcam] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.srcObject = webcam;
    return () => webcam?.getTracks().forEach((t) => t.stop());
  }, [webcam]);

  const connectWebcam = async () => {
    try {
      setError(null);
      setWebcam(await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720 }, audio: true }));
    } catch {
      setError('Webcam Access Denied: Please allow camera access to record videos.');
    }
  };

  return (
    <Container size="xl" py="xl">
      <PageHeader title="Recording Studio" intro="Pick what to record, connect your sources, and press Start." />
      <Grid mt="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder>
            <Stack>
              <SegmentedControl
                aria-label="Recording mode"
                value={mode}
                onChange={setMode}
                data={MODES}
              />
              <div style={{ position: 'relative', background: '#000', aspectRatio: '16 / 9' }}>
                <video
                  ref={videoRef}
                  data-testid="studio-preview"
                  aria-label="Live preview"
                  autoPlay
                  muted
                  playsInline
                  style={{ width: '100%', height: '100%', objectFit: 'contain' }}
                />
                <Badge pos="absolute" top={8} right={8} variant="filled" color="dark">
                  {MODES.find((m) => m.value === mode)?.label}
                </Badge>
              </div>
              {error ? (
                <Text c="red" role="alert">
                  {error}
                </Text>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Quick Setup
            </Title>
            <Button
              leftSection={<IconCamera size={16} aria-hidden />}
              onClick={() => void connectWebcam()}
              disabled={webcam !== null}
              aria-label="Connect webcam"
              fullWidth
            >
              {webcam ? 'Webcam Connected' : 'Connect Webcam'}
            </Button>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
