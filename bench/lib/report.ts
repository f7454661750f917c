/**
 * The bench's table: each measure a row, with its budget and PASS or FAIL; a part that fails twice
 * is a failed row and the run goes on. Also the peak memory of the server processes, per engine.
 */
export interface Row {
  section: string;
  measure: string;
  value: string;
  budget: string;
  result: '' | 'PASS' | 'FAIL';
}

export const rows: Row[] = [];

export function row(section: string, measure: string, value: string, budget = '', pass: boolean | null = null): void {
  rows.push({ section, measure, value, budget, result: pass === null ? '' : pass ? 'PASS' : 'FAIL' });
  console.log(`  ${measure}: ${value}${budget ? `  (budget ${budget}: ${pass ? 'PASS' : 'FAIL'})` : ''}`);
}

/**
 * Runs one part of the bench that the parts after it do not depend on. A part that throws is tried
 * once more (Lighthouse now and then finds a run without a first paint on a busy machine); failing
 * again, it is printed as a failed row and the run goes on, so the rows after it are still measured.
 */
export async function part<T>(section: string, name: string, work: () => Promise<T>): Promise<T | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    const before = rows.length;
    try {
      return await work();
    } catch (error) {
      rows.length = before; // what the failed try measured is not kept
      const message = error instanceof Error ? error.message : String(error);
      console.error(`bench: ${name} failed (try ${attempt} of 2): ${message}`);
      if (attempt === 2) {
        row(section, `${name}: failed twice (${message.replace(/\|/g, '/')})`, 'no measure', 'the part runs', false);
        return undefined;
      }
    }
  }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const rate = (value: number) => `${Math.round(value).toLocaleString('en')}/s`;

/** Peak resident memory (VmHWM, kB) of the server processes, per engine. */
export const peakRssKb: Record<string, number> = {};
let currentEngine = 'embedded database';

/** The engine the servers started from now on run on (their peak memory is counted under it). */
export function onEngine(engine: string): void {
  currentEngine = engine;
}

export function recordPeak(kilobytes: number): void {
  peakRssKb[currentEngine] = Math.max(peakRssKb[currentEngine] ?? 0, kilobytes);
}

export function printTable(header: string): number {
  console.log(`\n${header}\n`);
  console.log('| part | measure | value | budget | result |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.section} | ${r.measure} | ${r.value} | ${r.budget} | ${r.result} |`);
  const failed = rows.filter((r) => r.result === 'FAIL').length;
  console.log(`\n${rows.filter((r) => r.result === 'PASS').length} budgets pass, ${failed} fail.`);
  return failed;
}
