/** The files the build writes into `outDir`, as the server serves them. */
export const AGENT_FILES: readonly string[]
/** Bundles `src/agent/main.ts` into `<outDir>/agent.mjs` and copies the sh agent and the unit beside it. */
export function buildAgent(root: string, outDir: string): Promise<void>
