import { writeSync } from 'node:fs';

interface Sink {
  write(text: string): unknown;
}

/**
 * The log's writer on Node: the lines of one turn of the event loop are written to stdout in one
 * call rather than one `console.log` each (a busy server answers many requests per turn, and a
 * write per access-log line cost a sixth of `/api/health`'s time — decision 051). Lines keep their
 * order; whatever is still gathered when the process exits is written synchronously then.
 */
export function batchedLines(
  sink: Sink = process.stdout,
  maxLines = 256,
): { write(line: string): void; flush(): void } {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    sink.write(text);
  };
  if (sink === process.stdout) {
    process.once('exit', () => {
      if (pending.length > 0) writeSync(1, `${pending.join('\n')}\n`);
      pending = [];
    });
  }
  return {
    write(line) {
      pending.push(line);
      if (pending.length >= maxLines) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
