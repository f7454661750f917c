/** CSV as every download of the product writes it: UTF-8 with its byte-order mark, no formulas. */
import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would read as a formula gets a leading apostrophe. */
export function defuse(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * UTF-8's byte-order mark, first in every CSV file: without it Excel reads the file in the
 * machine's legacy code page and Łódź or 山田 come out garbled. Other programs skip it.
 */
export const CSV_BOM = '\uFEFF';

export function csvLines(rows: string[][]): string {
  return stringify(rows, { record_delimiter: '\n' });
}
