import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * A request's logger (`req.log`), with the request id bound: the pino child it stands for is made on
 * the request's first line, not for every request. Below the configured level most requests write
 * none, and a child costs its bindings' serialization and its objects. It answers as the
 * child would: the same level, lines, and children.
 */
class RequestLogger {
  private made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get log(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): FastifyBaseLogger['level'] {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: FastifyBaseLogger['level']) {
    this.log.level = level;
  }

  // Methods on the prototype, not arrow fields: an instance is two references and no closures.
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    (this.log[level] as (...a: unknown[]) => void)(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a request logger that makes its pino child when first used. */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
