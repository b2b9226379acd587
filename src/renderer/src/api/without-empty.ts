/** Pure: the query without empty values, which the list filters mean as "any". */
export function withoutEmpty<T extends object>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as T;
}
