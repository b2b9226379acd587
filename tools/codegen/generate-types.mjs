// The typed client's types from DubDesk's OpenAPI document, by openapi-typescript (types only; openapi-fetch calls with them).
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = `// Generated from docs/openapi.json by openapi-typescript (tools/codegen). Do not edit: run \`npm run api:generate\`.
// A test fails when this file is stale (test/integration/openapi-document.test.ts).

`;

/** The TypeScript source of `paths`, `components` and `operations` for a parsed OpenAPI document. */
export async function generateTypes(document) {
  // defaultNonNullable off: a field with a default is optional in a request (the service fills it in).
  const ast = await openapiTS(document, { alphabetize: false, exportType: false, rootTypes: false, defaultNonNullable: false });
  return HEADER + astToString(ast);
}
