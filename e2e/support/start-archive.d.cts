import type { ChildProcess } from 'node:child_process';

interface Ports {
  gatewayPort: number;
  servicePorts: Record<string, number>;
  /** The embedded Postgres's port; none with `databaseUrl`. */
  postgresPort?: number;
}

export function startArchive(options: {
  ports: Ports;
  redisUrl: string | null;
  databaseUrl?: string;
  logFile: string;
  prefix?: string;
  started?: (child: ChildProcess, dataDir: string) => void;
}): Promise<{ child: ChildProcess; dataDir: string; env: NodeJS.ProcessEnv }>;

export function stopArchive(child: ChildProcess | undefined, dataDir: string | undefined): Promise<void>;
