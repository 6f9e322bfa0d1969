// Small files of each kind for the upload tests: real signatures, built in memory.
import { crc32 } from 'node:zlib';

type Field = [offset: number, bytes: 2 | 4, value: number];

/** A little-endian header of `size` bytes with the given fields set and the rest zero. */
function header(size: number, fields: Field[]): Buffer {
  const buffer = Buffer.alloc(size);
  for (const [offset, bytes, value] of fields) {
    if (bytes === 2) buffer.writeUInt16LE(value, offset);
    else buffer.writeUInt32LE(value, offset);
  }
  return buffer;
}

/** A ZIP archive of stored (uncompressed) entries. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    // CRC, compressed and uncompressed size, name length: the same in both headers.
    const sizes = (at: number): Field[] => [
      [at, 4, crc32(data)],
      [at + 4, 4, data.length],
      [at + 8, 4, data.length],
      [at + 12, 2, nameBytes.length],
    ];
    const local = header(30, [[0, 4, 0x04034b50], [4, 2, 20], ...sizes(14)]);
    locals.push(local, nameBytes, data);
    const central = header(46, [
      [0, 4, 0x02014b50],
      [4, 2, 20],
      [6, 2, 20],
      ...sizes(16),
      [42, 4, offset],
    ]);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const count = Object.keys(entries).length;
  const end = header(22, [
    [0, 4, 0x06054b50],
    [8, 2, count],
    [10, 2, count],
    [12, 4, directory.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, directory, end]);
}

export const documentSamples = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n'),
  docx: zipOf({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    'word/document.xml': '<?xml version="1.0"?><w:document/>',
  }),
  doc: Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.alloc(504, 0),
  ]),
  txt: Buffer.from('Please make the introduction shorter.\nThanks!\n'),
  /** An ELF executable header. */
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(57)]),
  /** A Windows executable (MZ) header. */
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0x90)]),
  /** A ZIP without a Word document. */
  zip: zipOf({ 'readme.md': '# hello' }),
};
