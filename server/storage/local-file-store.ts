// The local store: objects are files under one directory (DATA_DIR/files), named by their key, so
// that the files written before the store existed are its objects as they are. An object is
// written to a temporary name and renamed into place; its type lies beside it in `.types/`.
import { randomUUID } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import {
  access,
  constants,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { checkKey, type FileStore, type ListedObject, UNKNOWN_CONTENT_TYPE } from './file-store.ts';

const TYPES_DIR = '.types';
const TEMP_DIR = '.tmp';

export function createLocalFileStore(root: string): FileStore {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  const typeOf = (key: string) => path.join(root, TYPES_DIR, checkKey(key));

  return {
    kind: 'local',

    put: async (key, body, { contentType }) => {
      const target = fileOf(key);
      const temp = path.join(root, TEMP_DIR, randomUUID());
      await mkdir(path.dirname(temp), { recursive: true });
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          count,
          createWriteStream(temp),
        );
        await mkdir(path.dirname(typeOf(key)), { recursive: true });
        await writeFile(typeOf(key), contentType);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { size };
    },

    get: async (key) => {
      try {
        const handle = await open(fileOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    head: async (key) => {
      try {
        const { size } = await stat(fileOf(key));
        const contentType = await readFile(typeOf(key), 'utf8').catch((error: unknown) => {
          if (isMissing(error)) return UNKNOWN_CONTENT_TYPE;
          throw error;
        });
        return { size, contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    delete: async (key) => {
      await rm(fileOf(key), { force: true });
      await rm(typeOf(key), { force: true });
    },

    list: (prefix) => listUnder(root, prefix),

    // The directory is made on a fresh installation, as the first upload would.
    probe: async () => {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

async function* listUnder(root: string, prefix: string): AsyncIterable<ListedObject> {
  // Only the directories the prefix can reach are read.
  const slash = prefix.lastIndexOf('/');
  const start = slash < 0 ? '' : prefix.slice(0, slash);
  const pending = [start];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(root, dir), { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) continue;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const key = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) pending.push(key);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        const info = await stat(path.join(root, key)).catch(() => null);
        if (info) yield { key, size: info.size, lastModified: info.mtime };
      }
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
