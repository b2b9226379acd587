/** The TypeScript source of `paths`, `components` and `operations` for a parsed OpenAPI document. */
export function generateTypes(document: Record<string, unknown>): Promise<string>;
