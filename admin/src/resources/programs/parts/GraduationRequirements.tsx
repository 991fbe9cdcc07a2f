import { useState } from 'react';
import { Box, LinearProgress, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, ListBase, useListContext, useRefresh, useTranslate } from 'react-admin';
import { EnumField } from '../../../common/enums';
import { DrawerFrame } from '../../../common/RecordDrawer';
import { InfoRow, InfoSection } from '../../../common/InfoSection';
import type { ProgramRecord } from '../programRecord';
import { GraduationRequirementInputs } from './GraduationRequirementInputs';
import { NestedRecordEditor } from '../../../common/NestedRecordEditor';
import { LastChanged } from '../../../common/LastChanged';
import { DeletePartButton, pt, TabHeader, usePartAccess } from './PartsCommon';
import { nextDisplayOrder, PARTS_PAGE, requirementsResource, toRequirementPayload, type GraduationRequirementRecord } from './partsRecord';

const f = (key: string) => pt(`requirements.fields.${key}`);
const transform = (data: GraduationRequirementRecord) => toRequirementPayload(data) as unknown as GraduationRequirementRecord;

/**
 * Add (POST) or edit (PUT) one requirement, pessimistically: the drawer closes on the server's answer;
 * a 400's field errors land under the inputs, a 409 (display order taken, archived program) is notified.
 */
function RequirementEditor({
  program,
  requirementId,
  canDelete,
  onDone,
}: {
  program: ProgramRecord;
  requirementId: GraduationRequirementRecord['id'] | 'create';
  canDelete: boolean;
  onDone: () => void;
}) {
  // A new requirement is proposed the next free display order of the list it is added to.
  const { data: listed } = useListContext<GraduationRequirementRecord>();
  const nextOrder = nextDisplayOrder(listed ?? []);
  const resource = requirementsResource(program.id);
  return (
    <NestedRecordEditor<GraduationRequirementRecord>
      resource={resource}
      id={requirementId}
      transform={transform}
      defaultValues={{ displayOrder: nextOrder, quizIds: [] }}
      inputs={<GraduationRequirementInputs programId={program.id} />}
      createdMessage={pt('requirements.notifications.created')}
      savedMessage={pt('requirements.notifications.saved')}
      onDone={onDone}
      plainToolbar
      deleteButton={(record) =>
        canDelete ? <DeletePartButton part="requirements" resource={resource} record={record} name={record.name} testId="delete-requirement" onDone={onDone} /> : null
      }
      footer={(record) => <LastChanged record={record} />}
    />
  );
}

/** A requirement for staff who may read but not change it (or on an archived program). */
function RequirementView({ requirement }: { requirement: GraduationRequirementRecord }) {
  const translate = useTranslate();
  const value = (v: number | null) => (v === null || v === undefined ? '' : String(v));
  return (
    <Box data-testid="requirement-view">
      <InfoSection title={pt('requirements.sections.requirement')}>
        <InfoRow label={f('name')}>{requirement.name}</InfoRow>
        <InfoRow label={f('type')}>{translate(`enums.GraduationRequirementType.${requirement.type}`, { _: requirement.type })}</InfoRow>
        <InfoRow label={f('displayOrder')}>{value(requirement.displayOrder)}</InfoRow>
        <InfoRow label={f('requirement')}>{requirement.requirement}</InfoRow>
      </InfoSection>
      <InfoSection title={pt('requirements.sections.counts')}>
        <InfoRow label={f('total')}>{value(requirement.total)}</InfoRow>
        <InfoRow label={f('minRequiredToComplete')}>{value(requirement.minRequiredToComplete)}</InfoRow>
        <InfoRow label={f('minRequiredToPass')}>{value(requirement.minRequiredToPass)}</InfoRow>
        <InfoRow label={f('minScore')}>{requirement.minScore === null ? '' : `${requirement.minScore}%`}</InfoRow>
      </InfoSection>
      {requirement.quizIds?.length ? (
        <InfoSection title={pt('requirements.sections.lms')}>
          <InfoRow label={f('quizIds')}>{requirement.quizIds.join(', ')}</InfoRow>
        </InfoSection>
      ) : null}
      <LastChanged record={requirement} />
    </Box>
  );
}

function RequirementsTable({ onOpen }: { onOpen: (r: GraduationRequirementRecord) => void }) {
  const translate = useTranslate();
  const { isPending } = useListContext<GraduationRequirementRecord>();
  if (isPending) return <LinearProgress />;
  const number = (v: number | null) => (v === null || v === undefined ? '' : String(v));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <DataTable<GraduationRequirementRecord>
        rowClick={(_id, _resource, record) => {
          onOpen(record as GraduationRequirementRecord);
          return false;
        }}
        bulkActionButtons={false}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="requirements-empty">
            {translate(pt('requirements.empty'))}
          </Typography>
        }
      >
        <DataTable.Col source="displayOrder" label={f('order')} />
        <DataTable.Col source="name" label={f('name')} />
        <DataTable.Col source="type" label={f('type')}>
          <EnumField enumName="GraduationRequirementType" source="type" />
        </DataTable.Col>
        <DataTable.Col source="total" label={f('total')} disableSort align="right" render={(r) => number(r.total)} />
        <DataTable.Col source="minRequiredToPass" label={f('minRequiredToPass')} disableSort align="right" render={(r) => number(r.minRequiredToPass)} />
        <DataTable.Col source="minScore" label={f('minScore')} disableSort align="right" render={(r) => (r.minScore === null ? '' : `${r.minScore}%`)} />
      </DataTable>
    </Box>
  );
}

/**
 * The graduation requirements tab: GET /programs/{id}/graduation_requirements by display order;
 * 'Add requirement' with programs:create (the next free display order proposed); a row opens its
 * drawer — the form with programs:update (delete with programs:delete), the details otherwise.
 */
export function GraduationRequirements({ program }: { program: ProgramRecord }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const access = usePartAccess(program);
  const [open, setOpen] = useState<GraduationRequirementRecord | 'create' | null>(null);
  const close = () => {
    setOpen(null);
    refresh();
  };
  const title = open === 'create' ? translate(pt('requirements.titles.new')) : open ? open.name : null;
  return (
    <Box data-testid="graduation-requirements">
      <ListBase<GraduationRequirementRecord>
        resource={requirementsResource(program.id)}
        perPage={PARTS_PAGE}
        sort={{ field: 'displayOrder', order: 'ASC' }}
        disableSyncWithLocation
        disableAuthentication
      >
        <TabHeader
          program={program}
          caption={pt('requirements.title')}
          action={
            access.canCreate ? (
              <Button label={pt('requirements.actions.add')} variant="outlined" onClick={() => setOpen('create')} data-testid="add-requirement">
                <AddIcon />
              </Button>
            ) : null
          }
        />
        <RequirementsTable onOpen={setOpen} />
        <DrawerFrame open={open !== null} onClose={() => setOpen(null)} title={title}>
          {open === 'create' ? <RequirementEditor program={program} requirementId="create" canDelete={false} onDone={close} /> : null}
          {open && open !== 'create' ? (
            access.canEdit ? (
              <RequirementEditor program={program} requirementId={open.id} canDelete={access.canDelete} onDone={close} />
            ) : (
              <RequirementView requirement={open} />
            )
          ) : null}
        </DrawerFrame>
      </ListBase>
    </Box>
  );
}

export default GraduationRequirements;
