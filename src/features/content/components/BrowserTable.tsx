import { BROWSERS } from '../data/browsers';
import { ContentTable } from './ContentTable';

/** The oldest browser versions Framecast records in (browser, minimum, notes), from one list. */
export function BrowserTable() {
  return (
    <ContentTable
      minWidth={560}
      caption="The oldest version of each desktop browser that records with Framecast, and how it records."
      columns={['Browser', 'Minimum', 'Notes']}
      rows={BROWSERS.map((browser) => ({ key: browser.name, header: browser.name, cells: [browser.minimum, browser.note] }))}
    />
  );
}
