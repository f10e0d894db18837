import type { ReactNode } from 'react';
import classes from './ContentTable.module.css';

/** One body row: its header cell (the thing the row is about), then one cell per further column. */
export interface ContentTableRow {
  readonly key: string;
  readonly header: ReactNode;
  readonly cells: readonly ReactNode[];
}

/**
 * A content page's table in Mantine's striped, bordered look, scrolling sideways with the browser's
 * own scrolling when the screen is narrower than `minWidth`. Not Mantine's Table: its scroll container
 * brings a tooltip-positioning library, 15 KB of gzip on every page with a table
 * (docs/decisions/0016-first-load.md). `columns` are the header row's labels, the first one the rows'
 * own header column's.
 */
export function ContentTable({
  minWidth,
  caption,
  columns,
  rows,
}: {
  readonly minWidth: number;
  readonly caption: ReactNode;
  readonly columns: readonly string[];
  readonly rows: readonly ContentTableRow[];
}) {
  return (
    <div className={classes.scroll}>
      <table className={classes.table} style={{ minWidth }}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.header}</th>
              {row.cells.map((cell, index) => (
                <td key={columns[index + 1] ?? index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
