/** The package version, sent in the User-Agent. Kept equal to package.json by a test. */
export const VERSION = '1.1.0';
