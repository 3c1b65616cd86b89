// Release notes are kept in the web app as data; newest first.
export interface ReleaseNote {
  version: string;
  items: string[];
}

export const RELEASE_NOTES: ReleaseNote[] = [
  { version: '0.1.0', items: ['Eerste versie: inloggen, wachtwoord herstellen, registreren'] },
];
