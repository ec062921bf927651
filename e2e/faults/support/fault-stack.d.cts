interface FaultStackState {
  dataDir: string;
  postgres: { dir: string; binary: string };
  redisDir: string;
  redisPid: number;
  startPid: number;
  baseUrl: string;
}

declare const stack: {
  config: {
    root: string;
    stateFile: string;
    gatewayPort: number;
    servicePorts: Record<'auth' | 'profile' | 'media' | 'albums' | 'family', number>;
    postgresPort: number;
    redisPort: number;
  };
  alive(pid: number): boolean;
  answers(port: number): Promise<boolean>;
  waitFor(check: () => Promise<boolean>, what: string, timeoutMs?: number): Promise<void>;
  startPostgres(state: FaultStackState): Promise<void>;
  stopPostgres(state: FaultStackState): Promise<void>;
  signalPostgres(state: FaultStackState, signal: NodeJS.Signals): void;
  postgresProcesses(state: FaultStackState): number[];
  startRedis(state: FaultStackState): Promise<void>;
  stopRedis(state: FaultStackState): Promise<void>;
  signalRedis(state: FaultStackState, signal: NodeJS.Signals): void;
};
export = stack;
