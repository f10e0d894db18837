/**
 * The library feature's public face: the list of stored recordings, as the studio shows it, MP4 export,
 * and the query cache every view of the stored recordings reads through.
 */
export { LibraryPanel } from './LibraryPanel';
export { ExportMp4Dialog } from './ExportMp4Dialog';
export { RecordingsQueries } from './recordings-queries';
