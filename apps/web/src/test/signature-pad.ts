// The signature pad draws on a canvas, which jsdom lacks. The test set-up (setup.ts) puts this stand-in
// in place of `signature_pad` for every test file; a test makes it "draw" with `signaturePads[i].draw()`.

/** The stand-ins made since the last test, in order. */
export const signaturePads: FakeSignaturePad[] = [];

export class FakeSignaturePad {
  private empty = true;
  private listeners: (() => void)[] = [];
  cleared = 0;
  constructor() {
    signaturePads.push(this);
  }
  draw() {
    this.empty = false;
    for (const l of this.listeners) l();
  }
  addEventListener(_: string, fn: () => void) {
    this.listeners.push(fn);
  }
  removeEventListener() {}
  isEmpty() {
    return this.empty;
  }
  clear() {
    this.empty = true;
    this.cleared += 1;
  }
  toData() {
    return [];
  }
  fromData() {}
  off() {}
  toDataURL() {
    return 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';
  }
}
