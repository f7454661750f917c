/** Waiting on a condition instead of sleeping: `until` polls `check` until it returns a value (not undefined), or fails after `timeoutMs`. */
export async function until<T>(check: () => T | undefined | Promise<T | undefined>, { timeoutMs = 10_000, intervalMs = 25, what = 'the condition' } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
