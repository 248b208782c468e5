import { EnvError } from '../env';

/** Runs a command-line task: one clear line and exit code 1 on failure, no stack trace. */
export function runCli(task: () => Promise<void>): void {
  task().then(
    () => process.exit(0),
    (err: unknown) => {
      const message = err instanceof EnvError || err instanceof Error ? err.message : String(err);
      console.error(`Error: ${message}`);
      if (process.env.DEBUG) console.error(err);
      process.exit(1);
    },
  );
}

/** Reads `--name value` or `--name=value` from the arguments. */
export function argValue(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === `--${name}`) return args[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}
