import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../shared/site';
import { FOOTER_LINKS } from './nav-links';
import classes from './Shell.module.css';

export function Footer() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <div>
            <Text fw={700}>{PRODUCT_NAME}</Text>
            <Text size="sm" c="dimmed" maw={360}>
              Free, private screen and webcam recording in your browser. Your recordings never leave your computer.
            </Text>
          </div>
          <Group component="nav" aria-label="Footer" gap="md">
            {FOOTER_LINKS.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="sm">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Group>
        {/* The prerendered year may be older than the visitor's clock; the browser's wins quietly. */}
        <Text size="xs" c="dimmed" mt="lg" suppressHydrationWarning>
          © {new Date().getFullYear()} {PRODUCT_NAME}. Recordings are processed locally on your device.
        </Text>
      </Container>
    </footer>
  );
}
