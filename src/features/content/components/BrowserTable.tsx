import { BROWSERS } from '../data/browsers';
import { ContentTable } from './ContentTable';

/** The oldest browser versions Framecast records in (browser, minimum, notes), from one list. */
export function BrowserTable() {
  return (
    <ContentTable minWidth={560} caption="The oldest version of each desktop browser that records with Framecast, and how it records.">
      <thead>
        <tr>
          <th scope="col">Browser</th>
          <th scope="col">Minimum</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {BROWSERS.map((browser) => (
          <tr key={browser.name}>
            <th scope="row">{browser.name}</th>
            <td>{browser.minimum}</td>
            <td>{browser.note}</td>
          </tr>
        ))}
      </tbody>
    </ContentTable>
  );
}
