/**
 * jsdom has no layout, so MUI's TextareaAutosize measures nothing, yet it reads getComputedStyle on
 * every render, and jsdom answers that by matching every emotion rule against the element: a third
 * of the console suites' CPU time. The UI suites get a plain textarea with the same props instead
 * (jest.config.js maps the module); rows follow minRows so the markup stays the same.
 */
const React = require('react');

const TextareaAutosize = React.forwardRef(function TextareaAutosize(props, ref) {
  const { minRows, maxRows, ...rest } = props;
  void maxRows;
  return React.createElement('textarea', { ref, rows: typeof minRows === 'number' ? minRows : undefined, ...rest });
});

module.exports = { __esModule: true, default: TextareaAutosize };
