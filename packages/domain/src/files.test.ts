import { describe, expect, it } from 'vitest';
import { zRenameFile } from './contract/common';
import { FILE_TEXTS, fileExtension, renamedFilename } from './files';

describe('renaming a file', () => {
  it('keeps the extension of the old name', () => {
    expect(renamedFilename('Meterkast', 'IMG_2041.JPG')).toBe('Meterkast.jpg');
    expect(renamedFilename(' Offerte leverancier.pdf ', 'scan 12.pdf')).toBe('Offerte leverancier.pdf');
    expect(renamedFilename('Dak.PNG', 'foto.png')).toBe('Dak.PNG');
    expect(renamedFilename('notities', 'zonder-extensie')).toBe('notities');
  });

  it('reads an extension only when it looks like one', () => {
    expect(fileExtension('a.tar.gz')).toBe('.gz');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('versie 2.')).toBe('');
    expect(fileExtension('rapport.definitief versie')).toBe('');
  });

  it('refuses an empty name, a path and control characters in Dutch', () => {
    const fail = (filename: unknown) => zRenameFile.safeParse({ filename }).error?.issues[0]?.message;
    expect(fail('  ')).toBe(FILE_TEXTS.filenameRequired);
    expect(fail('../geheim.pdf')).toBe(FILE_TEXTS.filenameInvalid);
    expect(fail('a\u0000b')).toBe(FILE_TEXTS.filenameInvalid);
    expect(fail('x'.repeat(201))).toBe(FILE_TEXTS.filenameTooLong);
    expect(zRenameFile.parse({ filename: ' Meterkast ' })).toEqual({ filename: 'Meterkast' });
  });
});
