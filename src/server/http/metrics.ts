/**
 * The server's metrics in Prometheus's text format (prom-client), for GET /metrics when
 * METRICS_TOKEN is set; without it none of this is made and no request pays for it.
 *
 * Each instance counts its own (Prometheus adds instances up): requests by route and status with
 * their durations, the database's statements as the server waits for them (a free connection, or
 * the embedded database's thread, included), the picture and voucher processes' jobs (the wait for
 * a free place and the work), the job queues' failed attempts and their depth (read from the
 * database when scraped, so every instance reports the shared queue), bookings made by channel,
 * and Node's own (memory, event loop delay, garbage collection, `nodejs_version_info`).
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a cached read (a millisecond) to a day sheet under load (seconds). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export type JobQueue = 'messages' | 'webhooks';
export type WorkerName = 'pictures' | 'vouchers';

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route and status', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
  private readonly requestSeconds = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer an HTTP request, by method, route and status', labelNames: ['method', 'route', 'status'], buckets: REQUEST_BUCKETS, registers: [this.registry] });
  private readonly querySeconds = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time from building a statement to its result, the wait for a connection (or the embedded database’s thread) included; statements that failed are not counted',
    buckets: QUERY_BUCKETS,
    registers: [this.registry],
  });
  private readonly workerWaitSeconds = new Histogram({ name: 'worker_queue_wait_seconds', help: 'Time a job waited for a place in its worker process (pictures, vouchers)', labelNames: ['worker'], buckets: JOB_BUCKETS, registers: [this.registry] });
  private readonly workerRunSeconds = new Histogram({ name: 'worker_job_duration_seconds', help: 'Time a worker process took over a job, by outcome', labelNames: ['worker', 'outcome'], buckets: JOB_BUCKETS, registers: [this.registry] });
  private readonly jobFailures = new Counter({ name: 'job_failures_total', help: 'Failed attempts at a queued job (a message, a webhook delivery), retried or given up', labelNames: ['queue', 'final'], registers: [this.registry] });
  private readonly bookings = new Counter({ name: 'bookings_made_total', help: 'Bookings made (held or confirmed), by channel', labelNames: ['channel'], registers: [this.registry] });
  private readonly queueDepths = new Map<JobQueue, () => Promise<number>>();
  /** Statements sent and not yet answered, by their Kysely query id. */
  private readonly started = new WeakMap<object, number>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const depths = this.queueDepths;
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting to be sent (messages queued, webhook deliveries pending), read from the database at the scrape',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        for (const [queue, depth] of depths) this.set({ queue }, await depth());
      },
    });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.requestSeconds.observe(labels, seconds);
  }

  workerJob(worker: WorkerName, waitSeconds: number, runSeconds: number, ok: boolean): void {
    this.workerWaitSeconds.observe({ worker }, waitSeconds);
    this.workerRunSeconds.observe({ worker, outcome: ok ? 'ok' : 'failed' }, runSeconds);
  }

  jobFailed(queue: JobQueue, final: boolean): void {
    this.jobFailures.inc({ queue, final: String(final) });
  }

  bookingMade(channel: string): void {
    this.bookings.inc({ channel });
  }

  /** The embedded database's thread's memory, read at each scrape (its WebAssembly memory never shrinks: its peak is the process's floor). */
  databaseMemory(read: () => Promise<{ wasmBytes: number; heapUsed: number; heapTotal: number }>): void {
    new Gauge({
      name: 'pglite_memory_bytes',
      help: 'The embedded database thread: PostgreSQL’s WebAssembly memory (wasm) and the thread’s JavaScript heap (heap_used, heap_total)',
      labelNames: ['part'],
      registers: [this.registry],
      async collect() {
        const memory = await read();
        this.set({ part: 'wasm' }, memory.wasmBytes);
        this.set({ part: 'heap_used' }, memory.heapUsed);
        this.set({ part: 'heap_total' }, memory.heapTotal);
      },
    });
  }

  /** How a domain's queue says how many jobs wait (a count through its index of waiting jobs). */
  queueDepth(queue: JobQueue, depth: () => Promise<number>): void {
    this.queueDepths.set(queue, depth);
  }

  /** Times every statement of the Kysely instance it is added to (db.withPlugin). */
  queryTimer(): KyselyPlugin {
    const started = this.started;
    const histogram = this.querySeconds;
    return {
      transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
        started.set(args.queryId, performance.now());
        return args.node;
      },
      // Only answered statements come here: a failed one's start is dropped with its query id.
      async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
        const at = started.get(args.queryId);
        if (at !== undefined) histogram.observe((performance.now() - at) / 1000);
        return args.result;
      },
    };
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
