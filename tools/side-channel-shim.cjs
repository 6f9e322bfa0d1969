'use strict';
/**
 * The part of `side-channel` that qs uses (a per-call map from objects to values, to find cycles
 * while stringifying), for the browser build only. The package itself brings object-inspect,
 * get-intrinsic and a dozen helpers (about 9 KiB gzip) to every page that builds a catalogue
 * address (decision 110). The server keeps the real package.
 */
module.exports = function getSideChannel() {
  const data = new Map();
  return {
    assert(key) {
      if (!data.has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete(key) {
      return data.delete(key);
    },
    get(key) {
      return data.get(key);
    },
    has(key) {
      return data.has(key);
    },
    set(key, value) {
      data.set(key, value);
    },
  };
};
