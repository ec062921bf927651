import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { requestLogFields } from '../request-context';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug'];

/** The levels written at LOG_LEVEL `level`: it and every more serious one. */
export function logLevelsUpTo(level: 'error' | 'warn' | 'log' | 'debug'): LogLevel[] {
  return LEVELS.slice(0, LEVELS.indexOf(level) + 1);
}

/**
 * The one format of the archive's log lines (the services' and the gateway's): Nest's console logger, with the request's id (and who made the request) on every line written while
 * handling one, as structured fields: in text they follow the message, in JSON they are the entry's own.
 */
export class ArchiveLogger extends ConsoleLogger {
  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
    params?: Record<string, unknown>,
  ): void {
    const fields = requestLogFields();
    const withRequest = fields.requestId ? { ...fields, ...params } : params;
    super.printMessages(messages, context, logLevel, writeStreamType, errorStack, withRequest);
  }
}
