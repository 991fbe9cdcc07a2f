import type { Theme } from '@mui/material';

/**
 * Styles that keep a table usable when it is wider than its room (a drawer, a phone): the table
 * scrolls sideways in its own box while its actions column stays pinned at the right edge.
 */

/** The actions column of a table that may scroll sideways (its header and each row's cell). */
export const stickyActions = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

/** Read by screen readers, not shown (one pixel, clipped). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A table with many columns in a drawer: smaller text and a third of the usual space either side of each cell's content. */
export const denseCells = { '& .MuiTableCell-root': { px: 0.75, fontSize: '0.8125rem' } } as const;
