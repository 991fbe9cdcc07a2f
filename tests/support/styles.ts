/**
 * A UI test that asserts a computed style (a chip's colour) asks emotion to write its rules into the
 * document, as in a browser; the other suites keep them in memory (tests/support/emotion-sheet.js).
 */
export function keepStylesInDom(): void {
  (globalThis as { __emotionStylesInDom?: boolean }).__emotionStylesInDom = true;
}
