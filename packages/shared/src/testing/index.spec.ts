import net from 'node:net';
import { Module } from '@nestjs/common';
import { freePort, startTestApp } from './index';

@Module({})
class EmptyModule {}

describe(freePort.name, () => {
  it('gives a port that can be listened on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});

describe(startTestApp.name, () => {
  it('starts on a free port by default', async () => {
    const { app, url } = await startTestApp({ module: EmptyModule });
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${url}/nothing`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('starts on the port chosen beforehand, so its address can be given out first', async () => {
    const port = await freePort();
    const { app, url } = await startTestApp({ module: EmptyModule }, port);
    try {
      expect(url).toBe(`http://127.0.0.1:${port}`);
      expect((await fetch(`${url}/nothing`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
