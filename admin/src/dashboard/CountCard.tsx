import { useEffect, useState, type ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { listLink } from './listLink';

export interface CountCardProps {
  /** Console resource counted, and whose list the card opens. */
  resource: string;
  /** Criteria of the count, and the list's filter. */
  filter?: Record<string, unknown>;
  /** Translation key of the card's title. */
  title: string;
  /** Translation key of the line under the number. */
  subtitle?: string;
  icon: ReactNode;
  /** Theme colour of the icon. */
  color?: string;
}

/** The total of a list read from a one-row page (dataProvider.count): null while loading, undefined on failure. */
export function useListCount(resource: string, filter: Record<string, unknown>, enabled = true): number | null | undefined {
  const dataProvider = useAppDataProvider();
  const key = JSON.stringify(filter);
  const [count, setCount] = useState<number | null | undefined>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setCount(null);
    dataProvider.count(resource, JSON.parse(key)).then(
      (n) => live && setCount(n),
      () => live && setCount(undefined),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, resource, key, enabled]);
  return count;
}

/** A live count linking to the filtered list; shown only to those who may read that list. */
export function CountCard({ resource, filter = {}, title, subtitle, icon, color = 'primary.main' }: CountCardProps) {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource, action: 'list' });
  const count = useListCount(resource, filter, Boolean(canAccess));
  if (isPending || !canAccess) return null;
  return (
    <CountCardView
      to={listLink(resource, filter)}
      title={translate(title)}
      subtitle={subtitle ? translate(subtitle) : undefined}
      icon={icon}
      color={color}
      value={count}
      testId={`count-${title}`}
    />
  );
}

export function CountCardView({
  to,
  title,
  subtitle,
  icon,
  color,
  value,
  testId,
}: {
  to: string;
  title: string;
  subtitle?: string;
  icon: ReactNode;
  color: string;
  value: ReactNode | null | undefined;
  testId?: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={2} alignItems="center">
            <Box sx={{ color, display: 'flex', '& svg': { fontSize: 40 } }}>{icon}</Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {title}
              </Typography>
              <Typography variant="h4" component="p" data-testid="count-value">
                {value === null ? <Skeleton width={60} /> : value === undefined ? '—' : typeof value === 'number' ? value.toLocaleString() : value}
              </Typography>
              {subtitle ? (
                <Typography variant="caption" color="text.secondary">
                  {subtitle}
                </Typography>
              ) : null}
            </Box>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
