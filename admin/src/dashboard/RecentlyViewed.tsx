import { useEffect, useState } from 'react';
import { Card, CardContent, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useGetIdentity, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { readList } from '../providers/dataProvider';
import { VIEWED_RECORDS } from '../common/useRecordView';
import type { ViewHistoryAnswer } from '../../../domain/contract/people';

/** One recently viewed record (domain/contract/people.ts). */
type ViewHistory = ViewHistoryAnswer;

const resourceOf = (entityType: string): string | undefined => (VIEWED_RECORDS as Record<string, string>)[entityType];

/** A viewed record's console route: its resource's, else the kind's plural (`LEARNING_SESSION` → `/learning-sessions`). */
export const historyPath = (h: Pick<ViewHistory, 'entityType' | 'entityId'>) => `/${resourceOf(h.entityType) ?? `${h.entityType.toLowerCase().replace(/_/g, '-')}s`}/${h.entityId}`;

/** The signed-in user's five most recently viewed records (GET /users/{userId}/view_histories, newest first). */
export function RecentlyViewed() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { identity } = useGetIdentity();
  const userId = identity?.userId as number | undefined;
  const [items, setItems] = useState<ViewHistory[] | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    dataProvider
      .request({ path: `/users/${userId}/view_histories`, query: { size: 5, page: 0, sortBy: 'viewedAt', descending: true } })
      .then((answer) => live && setItems(readList(answer).data as unknown as ViewHistory[]))
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, [dataProvider, userId]);

  return (
    <Card variant="outlined" data-testid="recently-viewed">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('dashboard.recent.title')}
        </Typography>
        {items && items.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('dashboard.recent.empty')}
          </Typography>
        ) : null}
        <List dense disablePadding>
          {(items ?? []).map((h) => {
            // The kind by its resource's name in the console's language (PROGRAM showed raw); a kind the console does not know reads 'Record'.
            const resource = resourceOf(h.entityType);
            const kind = resource ? translate(`resources.${resource}.name`, { smart_count: 1 }) : translate('dashboard.recent.record');
            return (
              <ListItemButton key={h.id} component={Link} to={historyPath(h)}>
                <ListItemText primary={h.label || `#${h.entityId}`} secondary={kind} />
              </ListItemButton>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
