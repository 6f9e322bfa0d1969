import { describe, expect, it } from 'vitest';

import { FILE_TYPE_MESSAGE, fileProblem } from './document-file.ts';

const fileOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);

describe('the checks of a document before it is sent', () => {
  it('says an empty file is empty, not of the wrong type', () => {
    expect(fileProblem(fileOf('notes.txt', 0))).toBe('The file is empty.');
  });

  it('lets a document through and refuses other types', () => {
    expect(fileProblem(fileOf('notes.txt', 10))).toBeNull();
    expect(fileProblem(fileOf('notes.exe', 10))).toBe(FILE_TYPE_MESSAGE);
  });
});
