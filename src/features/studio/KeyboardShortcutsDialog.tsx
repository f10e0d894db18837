import { Kbd, Modal, Table } from '@mantine/core';
import { SHORTCUT_LIST } from './studio-shortcuts';

/** The studio's keys, listed: opened with "?" or the "Keyboard shortcuts" button. */
export function KeyboardShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Keys</Table.Th>
            <Table.Th scope="col">What they do</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUT_LIST.map(({ keys, action }) => (
            <Table.Tr key={keys}>
              <Table.Td>
                <Kbd>{keys}</Kbd>
              </Table.Td>
              <Table.Td>{action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
