import { ConfigError, loadConfig } from '@family/shared';
import { createGateway } from './app';
import { GatewayConfig } from './config';

function start() {
  let config: GatewayConfig;
  try {
    config = loadConfig(GatewayConfig);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[gateway] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const gateway = createGateway(config);
  const server = gateway.app.listen(config.PORT, config.HOST, () => {
    console.log(`[gateway] listening on ${config.HOST}:${config.PORT}`);
  });
  const stop = () => {
    server.close(() => void gateway.close().then(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

start();
