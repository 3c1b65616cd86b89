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

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Starts every worker; resolves once all of them listen, rejects when one stops before it does. */
  async start(): Promise<void> {
    await Promise.all(Array.from({ length: this.options.count }, () => this.fork()));
  }

  private fork(): Promise<void> {
    const worker = cluster.fork(this.options.env);
    this.workers.add(worker);
    return new Promise<void>((resolve, reject) => {
      let listening = false;
      worker.once('listening', () => {
        listening = true;
        resolve();
      });
      worker.once('exit', (code, signal) => {
        this.workers.delete(worker);
        if (!listening) {
          reject(new Error(`worker ${worker.process.pid} stopped during start-up (${signal ?? code})`));
          return;
        }
        if (this.stopping) return;
        this.options.logger.error({ pid: worker.process.pid, code, signal }, 'server worker stopped');
        this.restartSoon();
      });
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
      if (this.stopping) return;
      this.fork().catch((err: Error) => {
        this.options.logger.error({ err }, 'server worker did not start');
        if (!this.stopping) this.restartSoon();
      });
    }, RESTART_DELAY_MS).unref();
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
