/** Small helpers shared by the repositories' list queries. */

/** Escapes LIKE wildcards so a search for "50%_off" finds exactly that text (backslash is PostgreSQL's default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export const DEFAULT_PAGE_SIZE = 25;

export interface PageQuery {
  /** From 1; default 1. */
  page?: number;
  /** Default 25 (the schema caps it at MAX_PAGE_SIZE). */
  pageSize?: number;
}

/** LIMIT and OFFSET of a page. */
export function pageWindow({ page = 1, pageSize = DEFAULT_PAGE_SIZE }: PageQuery): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
