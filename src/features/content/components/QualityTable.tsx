import { Table } from '@mantine/core';
import { megabytesPerMinute, QUALITY_ROWS } from '../data/features';

export function QualityTable() {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder verticalSpacing="sm">
        <Table.Caption>Recommended video bitrate and the space one minute of video takes at that bitrate.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Resolution</Table.Th>
            <Table.Th scope="col">Pixels</Table.Th>
            <Table.Th scope="col">Bitrate</Table.Th>
            <Table.Th scope="col">Per minute</Table.Th>
            <Table.Th scope="col">Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {QUALITY_ROWS.map((row) => (
            <Table.Tr key={row.resolution}>
              <Table.Th scope="row">{row.resolution}</Table.Th>
              <Table.Td>{row.pixels}</Table.Td>
              <Table.Td>{row.mbps} Mbps</Table.Td>
              <Table.Td>about {megabytesPerMinute(row.mbps)} MB</Table.Td>
              <Table.Td>{row.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
