// Several server processes behind one port (WORKERS > 1, docs/decisions/014 twelfth round). The primary
// process owns the embedded PostgreSQL, the migrations, the main company and the demo load; the workers
// answer requests and work on jobs. Everything they share lives in the database: sessions (each process's
// session cache forgets on every process's changes), the live channel (LISTEN/NOTIFY), the durable event
// consumers (a locked position each), the jobs (pg-boss) and the per-address counts (address-counts.ts).
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';

/** A worker that stops this many times within RESTART_WINDOW_MS is not started again: the server stops. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 1_000;
/** How long a worker may take to finish its requests and jobs after SIGTERM. */
const STOP_TIMEOUT_MS = 25_000;

export interface WorkerPoolOptions {
  count: number;
  /** Environment of every worker on top of the primary's (the database the primary started). */
  env: Record<string, string>;
  logger: Logger;
  /** Called when workers keep stopping on their own: the primary then stops. */
  onGiveUp: () => void;
}

/** The worker processes of the primary; each one runs `runWorker` and listens on the shared port. */
export class WorkerPool {
  private readonly workers = new Set<Worker>();
  private readonly restarts: number[] = [];
  private stopping = false;
  /** Workers that have listened so far, and what to call once all of the first round did. */
  private listened = 0;
  private ready: (() => void) | null = null;

  constructor(private readonly options: WorkerPoolOptions) {}

  /**
   * Starts every worker; resolves once as many have listened. A worker that stops, during start-up or
   * later, is started again (too many stops and the pool gives up: `onGiveUp`).
   */
  start(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.ready = resolve;
      for (let i = 0; i < this.options.count; i++) this.fork();
    });
  }

  private fork(): void {
    const worker = cluster.fork(this.options.env);
    this.workers.add(worker);
    worker.once('listening', () => {
      if (++this.listened === this.options.count) this.ready?.();
    });
    worker.once('exit', (code, signal) => {
      this.workers.delete(worker);
      if (this.stopping) return;
      this.options.logger.error({ pid: worker.process.pid, code, signal }, 'server worker stopped');
      this.restartSoon();
    });
  }

  private restartSoon(): void {
    const now = Date.now();
    this.restarts.push(now);
    while (this.restarts.length > 0 && this.restarts[0]! < now - RESTART_WINDOW_MS) this.restarts.shift();
    if (this.restarts.length > MAX_RESTARTS) {
      this.options.logger.error(
        { restarts: this.restarts.length, windowSeconds: RESTART_WINDOW_MS / 1000 },
        'server workers keep stopping; giving up',
      );
      this.options.onGiveUp();
      return;
    }
    setTimeout(() => {
      if (!this.stopping) this.fork();
    }, RESTART_DELAY_MS);
  }

  /** Asks every worker to finish (SIGTERM) and waits for all of them; kills one that takes too long. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      [...this.workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const force = setTimeout(() => worker.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
            worker.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  }
}

/** Whether this process is a worker of a primary (started by WorkerPool). */
export function isServerWorker(): boolean {
  return cluster.isWorker;
}
