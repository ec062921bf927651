import net, { type AddressInfo } from 'node:net';

/** One relayed connection, with the bytes held while paused: [0] towards the target, [1] back to the client. */
interface Link {
  client: net.Socket;
  upstream: net.Socket | null;
  held: [Buffer[], Buffer[]];
}

/**
 * A TCP relay in front of a real data store (Postgres, Redis) that tests can pause and stop, as an operator
 * would with SIGSTOP or by stopping the server (or between a client and the gateway, as a dropped connection): paused, connections are accepted and bytes are held in both
 * directions; stopped, connections are cut and new ones refused. Resumed or started again, it relays as before.
 */
export class PausableProxy {
  private server: net.Server | null = null;
  private readonly links = new Set<Link>();
  private paused = false;
  private listeningPort = 0;
  /** Bytes relayed since the start (or `resetCounts()`): [0] towards the target, [1] back to the client. */
  readonly relayed: [number, number] = [0, 0];

  private constructor(
    private readonly targetPort: number,
    private readonly targetHost: string,
  ) {}

  /** Starts relaying from a free port on 127.0.0.1 to the target. */
  static async start(targetPort: number, targetHost = '127.0.0.1'): Promise<PausableProxy> {
    const proxy = new PausableProxy(targetPort, targetHost);
    await proxy.listen();
    return proxy;
  }

  get port(): number {
    return this.listeningPort;
  }

  /** Accepts again (on the same port) after `stop()`. */
  async listen(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.listeningPort, '127.0.0.1', () => resolve());
    });
    this.listeningPort = (server.address() as AddressInfo).port;
    this.server = server;
  }

  resetCounts(): void {
    this.relayed[0] = 0;
    this.relayed[1] = 0;
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const link of this.links) {
      if (!link.upstream) this.connect(link);
      else this.flush(link);
    }
  }

  /** Like a server that stopped: every connection cut, new ones refused until `listen()`. */
  async stop(): Promise<void> {
    for (const link of this.links) {
      link.client.destroy();
      link.upstream?.destroy();
    }
    this.links.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  private accept(client: net.Socket): void {
    const link: Link = { client, upstream: null, held: [[], []] };
    this.links.add(link);
    client.on('data', (chunk) => this.relay(link, 0, chunk));
    client.on('error', () => undefined);
    client.on('close', () => {
      link.upstream?.destroy();
      this.links.delete(link);
    });
    if (!this.paused) this.connect(link);
  }

  private connect(link: Link): void {
    const upstream = net.connect(this.targetPort, this.targetHost);
    link.upstream = upstream;
    upstream.on('data', (chunk) => this.relay(link, 1, chunk));
    upstream.on('error', () => link.client.destroy());
    upstream.on('close', () => link.client.destroy());
    upstream.on('connect', () => this.flush(link));
  }

  private relay(link: Link, direction: 0 | 1, chunk: Buffer): void {
    link.held[direction].push(chunk);
    if (!this.paused) this.flush(link);
  }

  private flush(link: Link): void {
    if (this.paused || !link.upstream || link.upstream.connecting) return;
    for (const chunk of link.held[0].splice(0)) {
      this.relayed[0] += chunk.length;
      link.upstream.write(chunk);
    }
    for (const chunk of link.held[1].splice(0)) {
      this.relayed[1] += chunk.length;
      link.client.write(chunk);
    }
  }
}
