/**
 * Emotion's style sheet for the jsdom suites: the rules are kept in memory, not written into <style>
 * tags. jsdom's getComputedStyle matches every rule of every sheet against the element, and Testing
 * Library calls it for each element it names (getByRole's accessible names, ::before/::after content):
 * with MUI's hundreds of rules that was a third of the UI suites' CPU. jsdom lays nothing out, so the
 * rules decided nothing a test can see, except a test that reads a computed style: it calls
 * `keepStylesInDom()` (tests/support/styles.ts) before rendering, and the real sheet writes them.
 */
const real = require('../../node_modules/@emotion/sheet/dist/emotion-sheet.cjs.js');

class StyleSheet extends real.StyleSheet {
  insert(rule) {
    if (globalThis.__emotionStylesInDom) super.insert(rule);
    else this.ctr += 1;
  }
}

module.exports = { StyleSheet };
