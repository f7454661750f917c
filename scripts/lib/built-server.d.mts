import type { ChildProcess } from 'node:child_process';

export interface BuiltServer {
  baseUrl: string;
  child: ChildProcess;
  /** Spawn to the first healthy answer. */
  coldStartMs: number;
  output(): string;
  /** VmHWM in kB (Linux), 0 where /proc is not there. */
  peakRssKb(): number;
  /** The peak resident memory (VmHWM, kB) of each live child process of the server (the picture worker), by pid. */
  childPeakRssKb(): Record<string, number>;
  stop(): Promise<void>;
}

export function startBuiltServer(root: string, env: Record<string, string | undefined>, timeoutMs?: number): Promise<BuiltServer>;

/** A fresh client address per call (10.x.y.z), for X-Forwarded-For from a proxy TRUST_PROXY names. */
export function nextAddress(): string;
