import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UnsafePathError, type FileStorage, type StoredFile } from './index.js';

const CONTENT_TYPE_SUFFIX = '.content-type';

/**
 * Sandbox storage: files in `<DATA_DIR>/storage`, served at GET /api/sandbox/files/<path>.
 * Paths are relative, made of safe segments; `..`, absolute paths and odd characters are refused.
 */
export class SandboxFileStorage implements FileStorage {
  constructor(
    private readonly root: string,
    private readonly publicBaseUrl = '',
  ) {}

  private resolve(filePath: string): string {
    const segments = filePath.split('/');
    const safe = segments.every(
      (s) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(s) && !s.endsWith(CONTENT_TYPE_SUFFIX),
    );
    if (!filePath || !safe || segments.length > 8)
      throw new UnsafePathError(`Unsafe file path: ${filePath}`);
    const full = path.resolve(this.root, ...segments);
    if (!full.startsWith(path.resolve(this.root) + path.sep))
      throw new UnsafePathError(`Unsafe file path: ${filePath}`);
    return full;
  }

  async put(filePath: string, bytes: Buffer, contentType: string): Promise<{ url: string }> {
    const full = this.resolve(filePath);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, bytes);
    await writeFile(full + CONTENT_TYPE_SUFFIX, contentType);
    return { url: `${this.publicBaseUrl}/api/sandbox/files/${filePath}` };
  }

  async get(filePath: string): Promise<StoredFile | null> {
    const full = this.resolve(filePath);
    try {
      const [bytes, contentType] = await Promise.all([
        readFile(full),
        readFile(full + CONTENT_TYPE_SUFFIX, 'utf8'),
      ]);
      return { bytes, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
