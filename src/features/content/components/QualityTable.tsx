import { megabytesPerMinute, QUALITY_ROWS } from '../data/features';
import { ContentTable } from './ContentTable';

/**
 * Common reference bitrates per resolution, labelled as such: Framecast's own settings are 720p,
 * 1080p and 4K with a 1-10 Mbps slider, so the table is a guide to sizes, not a list of presets.
 */
const CAPTION =
  'Reference video bitrates for common resolutions, and the space one minute of video takes at that bitrate. ' +
  'Framecast records at 720p, 1080p or 4K (1440p is not a setting) with a bitrate you choose from 1 to 10 Mbps, ' +
  'so the 15 Mbps 4K figure is above what it records.';

export function QualityTable() {
  return (
    <ContentTable
      minWidth={560}
      caption={CAPTION}
      columns={['Resolution', 'Pixels', 'Reference bitrate', 'Per minute', 'In Framecast']}
      rows={QUALITY_ROWS.map((row) => ({
        key: row.resolution,
        header: row.resolution,
        cells: [row.pixels, `${String(row.mbps)} Mbps`, `about ${String(megabytesPerMinute(row.mbps))} MB`, row.note],
      }))}
    />
  );
}
