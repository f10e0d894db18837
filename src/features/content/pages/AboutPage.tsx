import { Container } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/PageHeader';

export function AboutPage() {
  return (
    <Container size="lg" py="xl">
      <PageHeader title="About Framecast" intro="We build a screen and webcam recorder that is free, private and runs entirely in your browser, so anyone can explain something on video without an account, an install or an upload." />
    </Container>
  );
}
