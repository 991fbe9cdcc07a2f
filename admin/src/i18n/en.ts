import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import { EnumLabels } from '../../../models/labels';
import { app } from './app';
import { resourceMessages } from './resources';

/** English: react-admin's own texts, the app's, every resource's, and the enum labels (`enums.Gender.MALE`). */
export const en: TranslationMessages = {
  ...englishMessages,
  app: app.en,
  enums: EnumLabels.en,
  ...resourceMessages('en'),
};
