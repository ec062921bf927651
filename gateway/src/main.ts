import { ConfigError, loadConfig } from '@family/shared';
import { createGateway } from './app';
import { GatewayConfig } from './config';
import { log, setLogLevel } from './log';

function start() {
  let config: GatewayConfig;
  try {
    config = loadConfig(GatewayConfig);
  } catch (error) {
    if (error instanceof ConfigError) {
      log.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  setLogLevel(config.LOG_LEVEL);
  const gateway = createGateway(config);
  const server = gateway.app.listen(config.PORT, config.HOST, () => {
    // Said whatever LOG_LEVEL is, like the services' line: `npm start` and operators wait for it.
    console.log(`gateway listening on ${config.HOST}:${config.PORT}`);
  });
  const stop = () => {
    server.close(() => void gateway.close().then(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

start();
