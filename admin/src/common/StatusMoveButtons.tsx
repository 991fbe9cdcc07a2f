import { useState, type ReactNode } from 'react';
import { Stack } from '@mui/material';
import { Confirm, useCanAccess, useNotify, useRefresh } from 'react-admin';
import { TextButton } from './TextButton';
import { useServerRefusal } from './useServerRefusal';

/**
 * One button per status a record may move to, each asking first, then calling the server
 * (pessimistic: the screen refreshes once the server has moved it). A refusal is notified with the
 * server's message, in the console's language. Shared by the application and voucher-refund drawers.
 */
export function StatusMoveButtons<S extends string>(props: {
  resource: string;
  moves: readonly S[];
  /** Calls the server; resolves once the status has moved. */
  move: (to: S) => Promise<unknown>;
  label: (to: S) => string;
  /** Moves that go forward are filled; the others (closing, undoing) are outlined warnings. */
  forward: (to: S) => boolean;
  /** The dialog: a title key, and a content key (translated with `contentArgs`) or the content itself. */
  confirm: (to: S) => { title: string; content: ReactNode; titleArgs?: object; contentArgs?: object };
  /** The notice once the server has answered (`result`: its answer, e.g. the record as it now is). */
  success: (to: S, result: unknown) => { message: string; args?: object };
  testId: string;
  buttonTestId: (to: S) => string;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess } = useCanAccess({ resource: props.resource, action: 'status' });
  const [target, setTarget] = useState<S | null>(null);
  const [pending, setPending] = useState(false);
  if (!canAccess || props.moves.length === 0) return null;

  async function run(to: S) {
    setPending(true);
    try {
      const result = await props.move(to);
      const { message, args } = props.success(to, result);
      notify(message, { type: 'success', messageArgs: args });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  const dialog = target ? props.confirm(target) : null;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} data-testid={props.testId}>
      {props.moves.map((to) => (
        <TextButton
          key={to}
          label={props.label(to)}
          variant={props.forward(to) ? 'contained' : 'outlined'}
          color={props.forward(to) ? 'primary' : 'warning'}
          size="small"
          disabled={pending}
          onClick={() => setTarget(to)}
          data-testid={props.buttonTestId(to)}
        />
      ))}
      <Confirm
        isOpen={target !== null}
        loading={pending}
        title={dialog?.title ?? ''}
        content={dialog?.content ?? ''}
        titleTranslateOptions={dialog?.titleArgs}
        contentTranslateOptions={dialog?.contentArgs}
        onClose={() => setTarget(null)}
        onConfirm={() => {
          const to = target;
          setTarget(null);
          if (to) void run(to);
        }}
      />
    </Stack>
  );
}
