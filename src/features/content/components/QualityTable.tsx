import { Table } from '@mantine/core';
import { megabytesPerMinute, QUALITY_ROWS } from '../data/features';

/**
 * Common reference bitrates per resolution, labelled as such: Framecast's own settings are 720p,
 * 1080p and 4K with a 1-10 Mbps slider, so the table is a guide to sizes, not a list of presets.
 */
export function QualityTable() {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder verticalSpacing="sm">
        <Table.Caption>
          Reference video bitrates for common resolutions, and the space one minute of video takes at that bitrate.
          Framecast records at 720p, 1080p or 4K (1440p is not a setting) with a bitrate you choose from 1 to 10 Mbps,
          so the 15 Mbps 4K figure is above what it records.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Resolution</Table.Th>
            <Table.Th scope="col">Pixels</Table.Th>
            <Table.Th scope="col">Reference bitrate</Table.Th>
            <Table.Th scope="col">Per minute</Table.Th>
            <Table.Th scope="col">In Framecast</Table.Th>
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
