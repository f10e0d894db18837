import { Badge, Table } from '@mantine/core';
import type { ComparisonRow, Winner } from '../content-types';

const WINNER_COLOR: Record<Winner, string> = { us: 'blue.8', them: 'grape.8', tie: 'gray.7' };

export function ComparisonTable({ rows, competitor }: { readonly rows: readonly ComparisonRow[]; readonly competitor: string }) {
  const winnerLabel = (w: Winner) => (w === 'us' ? 'Framecast' : w === 'them' ? competitor : 'Tie');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder verticalSpacing="sm">
        <Table.Caption>Feature by feature, with the better choice for most people in the last column.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Feature</Table.Th>
            <Table.Th scope="col">Framecast</Table.Th>
            <Table.Th scope="col">{competitor}</Table.Th>
            <Table.Th scope="col">Winner</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.feature}>
              <Table.Th scope="row">{row.feature}</Table.Th>
              <Table.Td>{row.ours}</Table.Td>
              <Table.Td>{row.theirs}</Table.Td>
              <Table.Td>
                <Badge color={WINNER_COLOR[row.winner]} variant="filled" tt="none">
                  {winnerLabel(row.winner)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
