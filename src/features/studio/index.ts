/** The recording studio page and how it reads its URL. */
export { StudioPage } from './StudioPage';
export { parseStudioSearch } from './studio-search';
