// Kept equal to package.json's version by test/unit/version.test.ts; bundles cannot read package.json at run time.
export const DUBDESK_VERSION = '0.1.0';
