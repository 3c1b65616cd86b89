// The part of jsdom's API the server uses (a window for DOMPurify, a document to read text from).
// Declared here: @types/jsdom 30 pulls DOM typings that clash with Node's Buffer types.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
