import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';

/**
 * What a bench or a check starts (libSQL servers, the app, workerd) stops with the process that
 * started it, however that ends. A bench stopped from outside once left its libSQL server running
 * at full CPU for an hour, and every figure measured beside it was wrong.
 */
const running = new Set<ChildProcess>();
let watching = false;

function stopAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** Registers `child` to be killed when this process exits or is stopped by a signal; returns it. */
export function stopsWithUs<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!watching) {
    watching = true;
    process.once('exit', stopAll);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      // A process that handles the signal itself keeps doing so; the exit hook still runs.
      if (process.listenerCount(signal) > 0) continue;
      process.once(signal, () => {
        stopAll();
        process.exit(128 + constants.signals[signal]);
      });
    }
  }
  return child;
}
