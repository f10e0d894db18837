import type { ReactNode } from 'react';
import classes from './ContentTable.module.css';

/**
 * A content page's table in Mantine's striped, bordered look, scrolling sideways with the browser's
 * own scrolling when the screen is narrower than `minWidth`. Not Mantine's Table: its scroll container
 * brings a tooltip-positioning library, 15 KB of gzip on every page with a table
 * (docs/decisions/0016-first-load.md). `children` are the table's own thead and tbody.
 */
export function ContentTable({ minWidth, caption, children }: { readonly minWidth: number; readonly caption: ReactNode; readonly children: ReactNode }) {
  return (
    <div className={classes.scroll}>
      <table className={classes.table} style={{ minWidth }}>
        <caption>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
