import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { EmailTemplateList } from './EmailTemplateList';
import { TemplateList } from './TemplateList';
import { t } from './templateRecord';

/**
 * /communications-settings: two tabs — the communication templates (list with keyword, category and
 * type filters; a drawer with the template's details and its contents per language, preview and test
 * email) and the email templates (list with category and archived filters; a drawer with header,
 * footer, archive and bring back).
 */
export function CommunicationsSettings() {
  const translate = useTranslate();
  const [tab, setTab] = useState<'templates' | 'email-templates'>('templates');
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Title title={translate(t('name'))} />
      <Tabs value={tab} onChange={(_e, value) => setTab(value)} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="templates" label={translate(t('tabs.templates'))} data-testid="tab-templates" />
        <Tab value="email-templates" label={translate(t('tabs.email_templates'))} data-testid="tab-email-templates" />
      </Tabs>
      {tab === 'templates' ? <TemplateList /> : <EmailTemplateList />}
    </Box>
  );
}

export default CommunicationsSettings;
