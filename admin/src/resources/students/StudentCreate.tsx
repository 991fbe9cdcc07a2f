import { CreateBase, SimpleForm, TextInput, email, required, useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormSection, StudentInputs, toStudentPayload } from './StudentInputs';
import { SaveOnlyToolbar } from './StudentEdit';
import type { StudentRecord } from './studentRecord';

/**
 * The add-student drawer (/students/create): the sign-in email and the profile. POST /students
 * creates the account without a password (the student chooses one through "forgot password");
 * on success the drawer moves to the new record, the list's filters kept.
 */
export function StudentCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <CreateBase<StudentRecord>
      resource="students"
      redirect={false}
      transform={toStudentPayload}
      mutationOptions={{
        onSuccess: (data) => {
          notify('resources.students.messages.created', { type: 'success' });
          navigate(`/students/${data.id}${search}`);
        },
      }}
    >
      <SimpleForm noValidate toolbar={<SaveOnlyToolbar />} defaultValues={{ active: true, autoPay: false, languageIso2LetterCode: 'EN' }} sx={{ p: 0 }}>
        <FormSection title="resources.students.sections.sign_in_email">
          <TextInput source="user.email" type="email" label="resources.students.fields.user.email" validate={[required(), email()]} />
        </FormSection>
        <StudentInputs resource="students" mode="create" />
      </SimpleForm>
    </CreateBase>
  );
}
