// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      body?: string;
      setupRequest?: (request: { headers?: Record<string, string> } & Record<string, unknown>, context: object) => object;
      onResponse?: (status: number, body: string, context: object, headers?: unknown) => void;
    }
    interface Options {
      url: string;
      method?: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
    }
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
      total: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx?: number;
      '2xx': number;
      '4xx': number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
