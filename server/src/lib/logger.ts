export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

type Level = Exclude<LogLevel, 'silent'>;
/** Writes one line with a scope's fields already as JSON (`,"requestId":"…"`), between the message and the line's own fields. */
type Emit = (at: Level, message: string, scope: string, fields: Record<string, unknown> | undefined) => void;
const EMIT = Symbol('emit');
type EmittingLogger = Logger & { [EMIT]: Emit };

/** One JSON object per line, so logs stay machine-readable wherever they are shipped. */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => console.log(line)): Logger {
  const emit: Emit = (at, message, scope, fields) => {
    if (ORDER[at] < ORDER[level]) return;
    // Built as text rather than by spreading objects: a scoped logger writes every request's line.
    const own = fields === undefined ? '{}' : JSON.stringify(fields);
    const head = `{"time":"${new Date().toISOString()}","level":"${at}","message":${JSON.stringify(message)}${scope}`;
    write(own.length > 2 ? `${head},${own.slice(1)}` : `${head}}`);
  };
  const log = (at: Level) => (message: string, fields?: Record<string, unknown>) => emit(at, message, '', fields);
  const logger: EmittingLogger = {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    [EMIT]: emit,
  };
  return logger;
}

/**
 * A logger whose every line also carries `scope` (a request's id, a job run's id) ahead of the
 * line's own fields. One is made per request: a small object whose methods live on its prototype,
 * and whose scope becomes JSON only when it first writes a line.
 */
export function withFields(logger: Logger, scope: Record<string, unknown>): Logger {
  return new ScopedLogger(logger, scope);
}

class ScopedLogger implements Logger {
  readonly #parent: Logger;
  readonly #scope: Record<string, unknown>;
  #json: string | undefined;

  constructor(parent: Logger, scope: Record<string, unknown>) {
    this.#parent = parent;
    this.#scope = scope;
  }

  debug(message: string, fields?: Record<string, unknown>): void {
    this.#write('debug', message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.#write('info', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.#write('warn', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.#write('error', message, fields);
  }

  #write(at: Level, message: string, fields: Record<string, unknown> | undefined): void {
    const parent = this.#parent;
    if (parent instanceof ScopedLogger) {
      parent.#write(at, message, fields ? { ...this.#scope, ...fields } : this.#scope);
      return;
    }
    const emit = (parent as Partial<EmittingLogger>)[EMIT];
    if (!emit) {
      parent[at](message, fields ? { ...this.#scope, ...fields } : this.#scope);
      return;
    }
    if (this.#json === undefined) {
      const json = JSON.stringify(this.#scope);
      this.#json = json.length > 2 ? `,${json.slice(1, -1)}` : '';
    }
    emit(at, message, this.#json, fields);
  }
}
