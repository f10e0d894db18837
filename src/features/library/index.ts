/** The library feature's public face: the list of stored recordings, as the studio shows it. */
export { LibraryPanel } from './LibraryPanel';
