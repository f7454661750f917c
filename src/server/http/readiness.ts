/**
 * Readiness (GET /api/health/ready): whether everything the server needs answers now: the
 * database always, Redis and the object store when the server uses them. A load balancer takes an
 * instance out of rotation on 503 while the liveness route (GET /api/health) keeps saying the
 * process itself is up. Each check has its own time limit and they run at once, so one that hangs
 * costs the poll that limit, never more.
 */

export const READINESS_TIMEOUT_MS = 2000;

export type ReadinessAnswer = { ready: true; checks: Record<string, 'ok'> } | { ready: false; checks: Record<string, 'ok' | 'failed'>; failed: Record<string, string> };

export class Readiness {
  private readonly checks = new Map<string, () => Promise<unknown>>();

  /** `check` resolves when the part answers and rejects (or hangs) when it does not. */
  add(name: string, check: () => Promise<unknown>): void {
    this.checks.set(name, check);
  }

  async check(timeoutMs = READINESS_TIMEOUT_MS): Promise<ReadinessAnswer> {
    const results = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`did not answer within ${timeoutMs / 1000} s`)), timeoutMs);
        });
        try {
          await Promise.race([check(), late]);
          return [name, null] as const;
        } catch (error) {
          // What the part said, never a stack, an address or a credential: the answer is public.
          const said = error instanceof Error && /did not answer within/.test(error.message) ? error.message : 'did not answer';
          return [name, said] as const;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const failed = Object.fromEntries(results.filter(([, problem]) => problem !== null)) as Record<string, string>;
    const checks: Record<string, 'ok' | 'failed'> = Object.fromEntries(results.map(([name, problem]) => [name, problem === null ? ('ok' as const) : ('failed' as const)]));
    return Object.keys(failed).length === 0 ? { ready: true, checks: checks as Record<string, 'ok'> } : { ready: false, checks, failed };
  }
}
