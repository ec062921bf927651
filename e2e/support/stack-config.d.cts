declare const config: {
  root: string;
  stateDir: string;
  stateFile: string;
  gatewayPort: number;
  servicePorts: { auth: number; profile: number; media: number; albums: number; family: number };
  postgresPort: number;
  redisUrl: string;
  ownArchive: {
    gatewayPort: number;
    servicePorts: { auth: number; profile: number; media: number; albums: number; family: number };
  };
};
export = config;
