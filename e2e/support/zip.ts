import * as yauzl from 'yauzl';

/** One entry of a downloaded ZIP: its bytes and whether its name is flagged as UTF-8 (general purpose bit 11). */
export interface ZipEntry {
  data: Buffer;
  utf8: boolean;
}

/** Every entry of a ZIP held in memory (tests only: the archive itself never holds one). */
export function readZip(buffer: Buffer): Promise<Map<string, ZipEntry>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, ZipEntry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, {
              data: Buffer.concat(chunks),
              utf8: (entry.generalPurposeBitFlag & 0x800) !== 0,
            });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
