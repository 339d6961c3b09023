import { countInto } from './format';

/**
 * The servers' JSON log lines (`[server-a] {…}`, piped here by scripts/lib/processes.ts) are
 * counted, not printed: a PostgreSQL outage logs one, with its stack, per failed chat event.
 * Each scenario ends with the counts. Anything else (a crash's stack) is printed as it comes.
 */
const serverLogs = new Map<string, number>();
const LOG_LEVELS: Record<number, string> = { 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

export function condenseServerLogs(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as unknown as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      const match =
        typeof chunk === 'string' ? /^\[(server-[a-z])\] (\{.*\})\n$/.exec(chunk) : null;
      if (!match) return write(chunk, ...rest);
      try {
        const line = JSON.parse(match[2] ?? '') as {
          level?: number;
          msg?: string;
          err?: { type?: string; message?: string };
        };
        const level = LOG_LEVELS[line.level ?? 0] ?? String(line.level);
        const error = line.err ? ` (${line.err.type}: ${line.err.message})` : '';
        countInto(serverLogs, `${match[1]} ${level} "${line.msg}"${error}`);
        // A process about to die says so now, not at the end of the scenario.
        return (line.level ?? 0) >= 60 ? write(chunk, ...rest) : true;
      } catch {
        return write(chunk, ...rest);
      }
    }) as typeof stream.write;
  }
}

export function printServerLogs(): void {
  if (serverLogs.size === 0) return;
  console.log('  server log lines meanwhile (counted):');
  for (const [key, count] of serverLogs) console.log(`    ${count} × ${key}`);
  serverLogs.clear();
}
