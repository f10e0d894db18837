import type { ESLint } from 'eslint';

/** The folder boundaries plugin (boundaries.js), typed for the unit test that lints with it. */
declare const boundaries: ESLint.Plugin;
export default boundaries;
