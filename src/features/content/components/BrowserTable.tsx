import { Table } from '@mantine/core';
import { BROWSERS } from '../data/browsers';

/** The oldest browser versions Framecast records in (browser, minimum, notes), from one list. */
export function BrowserTable() {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder verticalSpacing="sm">
        <Table.Caption>The oldest version of each desktop browser that records with Framecast, and how it records.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Browser</Table.Th>
            <Table.Th scope="col">Minimum</Table.Th>
            <Table.Th scope="col">Notes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {BROWSERS.map((browser) => (
            <Table.Tr key={browser.name}>
              <Table.Th scope="row">{browser.name}</Table.Th>
              <Table.Td>{browser.minimum}</Table.Td>
              <Table.Td>{browser.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
