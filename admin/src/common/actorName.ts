import { useTranslate } from 'react-admin';

/**
 * Who made a change, as staff read it: a person's name as recorded, and the server's own work (the
 * jobs, the seeded data, a gateway's webhook; recorded without a user as "System") in the
 * console's language — "por el sistema", never "por System" on a Spanish screen.
 */
export function useActorName(): (actor: { id?: number | null; name?: string | null } | string | null | undefined) => string {
  const translate = useTranslate();
  return (actor) => {
    const name = typeof actor === 'string' ? actor : actor?.name;
    const id = typeof actor === 'string' ? undefined : actor?.id;
    if (!name) return '';
    return name === 'System' && !id ? translate('app.system') : name;
  };
}
