// Types of setup-log.mjs for the TypeScript tests.
export function logTail(text: string, count?: number): string;
export function formatSeconds(ms: number): string;
export function outcomeText(step: { ok: boolean; ms: number; logFile: string }): string;
