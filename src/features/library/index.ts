/** The library feature's public face: the list of stored recordings, as the studio shows it, and MP4 export. */
export { LibraryPanel } from './LibraryPanel';
export { ExportMp4Dialog } from './ExportMp4Dialog';
export { RecordingsQueries } from './recordings-queries';
