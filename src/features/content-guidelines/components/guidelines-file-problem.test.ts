import { describe, expect, it } from 'vitest';

import { guidelinesFileProblem } from './guidelines-file-card.tsx';

const fileOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);

describe('the checks of a guidelines file before it is sent', () => {
  it('says an empty file is empty, not of the wrong type', () => {
    expect(guidelinesFileProblem(fileOf('guide.txt', 0))).toBe('The file is empty.');
    expect(guidelinesFileProblem(fileOf('guide.pdf', 10))).toBeNull();
  });
});
