/** The files under `dir` (relative to `root`) whose name matches `pattern` and whose head says `// engine: <kind>`. */
export function filesMarked(root: string, dir: string, pattern: RegExp, kind: 'independent' | 'dependent'): string[];
