/**
 * /coach/comments — the coach's own comments (issue 19, coach-portal): the notes they wrote in their
 * groups' attendance (GET /coaches/me/comments: only the coach's own groups, newest first, 10 a page),
 * each with the student, the circle and session (in the coach's time zone), the attendance mark in words
 * and the participation, and the way to the session where the note is changed. Narrowed by one of the
 * coach's groups or a student's name.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { enumLabel } from '../../../../models/labels';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoading } from '../../components/PageLoading';
import { RouterLink } from '../../components/RouterLink';
import { SelectInput } from '../../components/SelectInput';
import { TextInput } from '../../components/TextInput';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { CoachComment } from '../../lib/coach-api';
import { describeError, type ErrorView } from '../../lib/errors';
import { Section } from '../payments/parts';
import { useCoach } from './CoachContext';
import { useT } from './i18n';
import { circleTitle, formatWhen, sessionPath } from './schedule';

const SIZE = 10;

interface Query {
  page: number;
  groupId: string;
  keyword: string;
}

export default function CoachCommentsScreen() {
  const { t, locale } = useT();
  const { calls, zone, groups, loading: groupsLoading } = useCoach();
  useDocumentTitle(t('nav.coachComments'));
  const [query, setQuery] = useState<Query>({ page: 0, groupId: '', keyword: '' });
  const [typed, setTyped] = useState('');
  const [rows, setRows] = useState<CoachComment[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<ErrorView | null>(null);

  useEffect(() => {
    let live = true;
    calls
      .comments({ page: query.page, size: SIZE, ...(query.groupId ? { coachingCircleCoachId: Number(query.groupId) } : {}), ...(query.keyword ? { keyword: query.keyword } : {}) })
      .then(
        (answer) => {
          if (!live) return;
          setRows(answer?.content ?? []);
          setTotal(answer?.pagination.total ?? 0);
          setError(null);
        },
        (failure: unknown) => {
          if (!live) return;
          setRows([]);
          setError(describeError(failure));
        },
      );
    return () => {
      live = false;
    };
  }, [calls, query]);

  if (groupsLoading || rows === null) return <PageLoading />;

  const pages = Math.max(1, Math.ceil(total / SIZE));
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery((q) => ({ ...q, page: 0, keyword: typed.trim() }));
  };
  const groupOf = (c: CoachComment) => groups.find((g) => g.id === c.coachingCircleCoachId);
  const filtered = Boolean(query.groupId || query.keyword);

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('nav.coachComments')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('coach.comments.intro')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('coach.zone', { zone })}
      </Typography>
      <ErrorAlert error={error} testId="coach-comments-error" />

      <Section title={t('coach.comments.find')} id="coach-comments-find">
        <Box
          component="form"
          noValidate
          onSubmit={search}
          role="search"
          sx={{ display: 'grid', columnGap: 2, alignItems: 'center', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr) auto' } }}
        >
          <SelectInput
            name="group"
            label={t('coach.comments.group')}
            value={query.groupId}
            onValueChange={(value) => setQuery((q) => ({ ...q, page: 0, groupId: value }))}
            options={groups.map((g) => ({ value: String(g.id), label: `${circleTitle(g)}${g.circle.cohortLabel ? ` · ${g.circle.cohortLabel}` : ''}` }))}
            emptyLabel={t('coach.comments.allGroups')}
          />
          <TextInput name="keyword" label={t('coach.comments.student')} value={typed} onValueChange={setTyped} />
          <Button type="submit" variant="outlined" sx={{ mt: { xs: 0, sm: 1 }, mb: { xs: 2, sm: 0 } }}>
            {t('coach.comments.search')}
          </Button>
        </Box>
      </Section>

      <Section title={t('coach.comments.title', { count: total })} id="coach-comments-list">
        {rows.length === 0 ? (
          <Typography data-testid="coach-comments-none">{filtered ? t('coach.comments.noneFound') : t('coach.comments.none')}</Typography>
        ) : (
          <List disablePadding>
            {rows.map((c) => {
              const group = groupOf(c);
              return (
                <ListItem key={c.id} divider disableGutters sx={{ display: 'block', py: 1.5 }} data-testid={`coach-comment-${c.id}`}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
                    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mr: 'auto', overflowWrap: 'anywhere' }}>
                      {c.student.fullName}
                    </Typography>
                    <Chip
                      size="small"
                      color={c.status === 'ATTENDED' ? 'success' : c.status === 'ABSENT' ? 'warning' : 'default'}
                      label={enumLabel('AttendanceStatus', c.status, locale)}
                    />
                    {c.participation ? <Chip size="small" variant="outlined" label={`${t('coach.session.participation')}: ${c.participation}`} /> : null}
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {t('coach.comments.where', {
                      circle: group ? circleTitle(group) : c.coachingCircleName,
                      number: c.session.sessionNumber,
                      when: formatWhen(c.session.startDateTime, zone, locale),
                    })}
                  </Typography>
                  <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.notes}</Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 0.5, alignItems: 'baseline' }}>
                    <Typography variant="caption" color="text.secondary">
                      {t('coach.comments.written', { when: formatWhen(c.updatedAt, zone, locale) })}
                    </Typography>
                    <RouterLink to={sessionPath(c.coachingCircleCoachId, c.session.id)} variant="body2">
                      {t('coach.comments.open')}
                    </RouterLink>
                  </Box>
                </ListItem>
              );
            })}
          </List>
        )}
        {pages > 1 && (
          <Box
            component="nav"
            aria-label={t('coach.comments.pages')}
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 2, flexWrap: 'wrap' }}
          >
            <Button disabled={query.page === 0} onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}>
              {t('coach.comments.previous')}
            </Button>
            <Typography variant="body2">{t('coach.comments.page', { page: query.page + 1, pages })}</Typography>
            <Button disabled={query.page + 1 >= pages} onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}>
              {t('coach.comments.next')}
            </Button>
          </Box>
        )}
      </Section>
    </Box>
  );
}
