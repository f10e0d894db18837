/** The app's IndexedDB database; its schema lives in recordings-db.ts. */
export const DB_NAME = 'framecast';
