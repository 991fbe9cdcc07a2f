import type { TranslationMessages } from 'ra-core';
import { EnumLabels } from '../../../models/labels';
import { app } from './app';
import { raSpanish } from './ra-es';
import { resourceMessages } from './resources';

/** Spanish: our own translation of every react-admin key (ra-language-spanish is stale), and the rest. */
export const es: TranslationMessages = {
  ...raSpanish,
  app: app.es,
  enums: EnumLabels.es,
  ...resourceMessages('es'),
};
