import { useState } from 'react';
import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Button, DataTable, ListBase, Pagination, useListContext, useLocaleState, useRefresh, useTranslate } from 'react-admin';
import { formatDate, formatDateTime } from '../../../common/dates';
import { DrawerFrame } from '../../../common/RecordDrawer';
import { InfoRow, InfoSection } from '../../../common/InfoSection';
import type { ProgramRecord } from '../programRecord';
import { NestedRecordEditor } from '../../../common/NestedRecordEditor';
import { LastChanged } from '../../../common/LastChanged';
import { DeletePartButton, pt, TabHeader, usePartAccess } from './PartsCommon';
import { ProgramModuleInputs } from './ProgramModuleInputs';
import { MODULES_PAGE, modulesResource, toModuleFormValues, toModulePayload, type ProgramModuleRecord } from './partsRecord';
import { schoolDay } from '../../../common/dates';

const f = (key: string) => pt(`modules.fields.${key}`);
/** The payload; on edit the stored record tells which days were left unchanged (their times kept). */
const transform = (data: ProgramModuleRecord, options?: { previousData?: ProgramModuleRecord }) => toModulePayload(data, options?.previousData) as unknown as ProgramModuleRecord;

/** Add (POST) or edit (PUT) one module, pessimistically; delete (programs:delete) asks first. */
function ModuleEditor({
  program,
  moduleId,
  canDelete,
  onDone,
}: {
  program: ProgramRecord;
  moduleId: ProgramModuleRecord['id'] | 'create';
  canDelete: boolean;
  onDone: () => void;
}) {
  const resource = modulesResource(program.id);
  const { total } = useListContext();
  return (
    <NestedRecordEditor<ProgramModuleRecord>
      resource={resource}
      id={moduleId}
      transform={transform}
      defaultValues={{ displayOrder: (total ?? 0) + 1, locked: false, consumeTrackingEnabled: false }}
      inputs={<ProgramModuleInputs />}
      createdMessage={pt('modules.notifications.created')}
      savedMessage={pt('modules.notifications.saved')}
      onDone={onDone}
      formRecord={toModuleFormValues}
      plainToolbar
      deleteButton={(record) =>
        canDelete ? <DeletePartButton part="modules" resource={resource} record={record} name={record.title} testId="delete-module" onDone={onDone} /> : null
      }
      footer={(record) => <LastChanged record={record} />}
    />
  );
}

/** A module for staff who may read but not change it (or on an archived program). */
function ModuleView({ module }: { module: ProgramModuleRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const yesNo = (v: boolean) => translate(v ? 'app.yes' : 'app.no');
  const when = (v: string | null) => formatDateTime(v, locale);
  return (
    <Box data-testid="module-view">
      <InfoSection title={pt('modules.sections.module')}>
        <InfoRow label={f('title')}>{module.title}</InfoRow>
        <InfoRow label={f('moduleGroupId')}>{module.moduleGroup?.name}</InfoRow>
        <InfoRow label={f('group')}>{module.group}</InfoRow>
        <InfoRow label={f('displayOrder')}>{String(module.displayOrder)}</InfoRow>
        <InfoRow label={f('d2lModuleId')}>{module.d2lModuleId}</InfoRow>
        <InfoRow label={f('duration')}>{module.duration === null ? '' : String(module.duration)}</InfoRow>
      </InfoSection>
      <InfoSection title={pt('modules.sections.schedule')}>
        <InfoRow label={f('openDate')}>{when(module.openDate)}</InfoRow>
        <InfoRow label={f('closeDate')}>{when(module.closeDate)}</InfoRow>
        <InfoRow label={f('startDateTime')}>{when(module.startDateTime)}</InfoRow>
        <InfoRow label={f('endDateTime')}>{when(module.endDateTime)}</InfoRow>
      </InfoSection>
      <InfoSection title={pt('modules.sections.options')}>
        <InfoRow label={f('locked')}>{yesNo(module.locked)}</InfoRow>
        <InfoRow label={f('consumeTrackingEnabled')}>{yesNo(module.consumeTrackingEnabled)}</InfoRow>
        <InfoRow label={f('image')}>{module.image}</InfoRow>
        <InfoRow label={f('communicationTemplateId')}>{module.communicationTemplateId === null ? '' : String(module.communicationTemplateId)}</InfoRow>
      </InfoSection>
      <LastChanged record={module} />
    </Box>
  );
}

/** The title with a lock when locked, and its module group and free-text group underneath. */
function ModuleTitle({ module }: { module: ProgramModuleRecord }) {
  const under = [module.moduleGroup?.name, module.group].filter(Boolean).join(' · ');
  return (
    <Box>
      <Stack direction="row" spacing={0.5} alignItems="center">
        <span>{module.title}</span>
        {module.locked ? <LockIcon fontSize="inherit" color="action" data-testid={`locked-${module.id}`} /> : null}
      </Stack>
      {under ? (
        <Typography variant="caption" color="text.secondary">
          {under}
        </Typography>
      ) : null}
    </Box>
  );
}

function ModulesTable({ onOpen }: { onOpen: (module: ProgramModuleRecord) => void }) {
  const translate = useTranslate();
  const { isPending, total } = useListContext<ProgramModuleRecord>();
  if (isPending) return <LinearProgress />;
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<ProgramModuleRecord>
          rowClick={(_id, _resource, record) => {
            onOpen(record as ProgramModuleRecord);
            return false;
          }}
          bulkActionButtons={false}
          empty={
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="modules-empty">
              {translate(pt('modules.empty'))}
            </Typography>
          }
        >
          <DataTable.Col source="displayOrder" label={f('order')} />
          <DataTable.Col source="title" label={f('title')} render={(record) => <ModuleTitle module={record as ProgramModuleRecord} />} />
          <DataTable.Col
            source="openDate"
            label={f('openDate')}
            disableSort
            render={(record) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(schoolDay(record.openDate))}
              </Box>
            )}
          />
          <DataTable.Col
            source="closeDate"
            label={f('closeDate')}
            disableSort
            render={(record) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(schoolDay(record.closeDate))}
              </Box>
            )}
          />
          <DataTable.Col source="duration" label={f('duration')} disableSort align="right" />
        </DataTable>
      </Box>
      {(total ?? 0) > MODULES_PAGE ? <Pagination rowsPerPageOptions={[MODULES_PAGE]} /> : null}
    </>
  );
}

/**
 * The modules tab, also the route /programs/:programId/modules (spec §2): the program's modules 20 a
 * page by display order (GET /programs/{id}/program_modules); 'Add module' with programs:create; a
 * row opens its drawer — the form with programs:update (module group select with 'New group', delete
 * with programs:delete after a confirmation), its details otherwise.
 */
export function ProgramModules({ program }: { program: ProgramRecord }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const access = usePartAccess(program);
  const [open, setOpen] = useState<ProgramModuleRecord | 'create' | null>(null);
  const close = () => {
    setOpen(null);
    refresh();
  };
  const title = open === 'create' ? translate(pt('modules.titles.new')) : open ? open.title : null;
  return (
    <Box data-testid="program-modules">
      <ListBase<ProgramModuleRecord>
        resource={modulesResource(program.id)}
        perPage={MODULES_PAGE}
        sort={{ field: 'displayOrder', order: 'ASC' }}
        disableSyncWithLocation
        disableAuthentication
      >
        <TabHeader
          program={program}
          caption={pt('modules.title')}
          action={
            access.canCreate ? (
              <Button label={pt('modules.actions.add')} variant="outlined" onClick={() => setOpen('create')} data-testid="add-module">
                <AddIcon />
              </Button>
            ) : null
          }
        />
        <ModulesTable onOpen={setOpen} />
        <DrawerFrame open={open !== null} onClose={() => setOpen(null)} title={title}>
          {open === 'create' ? <ModuleEditor program={program} moduleId="create" canDelete={false} onDone={close} /> : null}
          {open && open !== 'create' ? (
            access.canEdit ? (
              <ModuleEditor program={program} moduleId={open.id} canDelete={access.canDelete} onDone={close} />
            ) : (
              <ModuleView module={open} />
            )
          ) : null}
        </DrawerFrame>
      </ListBase>
    </Box>
  );
}

export default ProgramModules;
