// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs at import time.
const util = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = util.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = util.TextDecoder;

// jsdom has no PointerEvent: without it pointer events arrive without clientX or pointerId.
const win = globalThis.window;
if (win && typeof win.PointerEvent === 'undefined') {
  class PointerEvent extends win.MouseEvent {
    constructor(type, init = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? 'mouse';
      this.isPrimary = init.isPrimary ?? true;
      this.width = init.width ?? 1;
      this.height = init.height ?? 1;
      this.pressure = init.pressure ?? 0;
    }
  }
  win.PointerEvent = PointerEvent;
}
