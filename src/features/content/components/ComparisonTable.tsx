import { Badge } from '@mantine/core';
import type { ComparisonRow, Winner } from '../content-types';
import { ContentTable } from './ContentTable';

const WINNER_COLOR: Record<Winner, string> = { us: 'blue.8', them: 'grape.8', tie: 'gray.7' };

export function ComparisonTable({ rows, competitor }: { readonly rows: readonly ComparisonRow[]; readonly competitor: string }) {
  const winnerLabel = (w: Winner) => (w === 'us' ? 'Framecast' : w === 'them' ? competitor : 'Tie');
  return (
    <ContentTable
      minWidth={640}
      caption="Feature by feature, with the better choice for most people in the last column."
      columns={['Feature', 'Framecast', competitor, 'Winner']}
      rows={rows.map((row) => ({
        key: row.feature,
        header: row.feature,
        cells: [
          row.ours,
          row.theirs,
          // At its full width: the column would otherwise cut "Framecast" to "Framec…".
          <Badge key="winner" color={WINNER_COLOR[row.winner]} variant="filled" tt="none" miw="max-content">
            {winnerLabel(row.winner)}
          </Badge>,
        ],
      }))}
    />
  );
}
