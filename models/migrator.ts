import type { Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug, type MigrationFn } from 'umzug';
import type { QueryInterface } from 'sequelize';
import * as m0001 from './migrations/0001-core-tables';
import * as m0002 from './migrations/0002-reference-data';
import * as m0003 from './migrations/0003-business-category-plans';
import * as m0004 from './migrations/0004-catalogue';
import * as m0005 from './migrations/0005-finance-catalogue';
import * as m0006 from './migrations/0006-enrollment';
import * as m0007 from './migrations/0007-billing';
import * as m0008 from './migrations/0008-billing-indexes';
import * as m0009 from './migrations/0009-drop-redundant-schedule-index';
import * as m0010 from './migrations/0010-security';
import * as m0011 from './migrations/0011-described-entries';
import * as m0012 from './migrations/0012-jobs';
import * as m0013 from './migrations/0013-domain-events';
import * as m0014 from './migrations/0014-communications';
import * as m0015 from './migrations/0015-product-email-templates';
import * as m0016 from './migrations/0016-communication-delivery';
import * as m0017 from './migrations/0017-banners-mobile';
import * as m0018 from './migrations/0018-communication-lists';
import * as m0019 from './migrations/0019-outbox-message-id';
import * as m0021 from './migrations/0021-transfers-withdrawals';
import * as m0022 from './migrations/0022-transfer-withdrawal-emails';
import * as m0023 from './migrations/0023-coaching-circles';
import * as m0024 from './migrations/0024-coaches';
import * as m0025 from './migrations/0025-learning-sessions';
import * as m0027 from './migrations/0027-circle-sign-ups';
import * as m0028 from './migrations/0028-stored-files';
import * as m0029 from './migrations/0029-file-exports';
import * as m0030 from './migrations/0030-analytics-indexes';
import * as m0031 from './migrations/0031-coach-portal';
import * as m0032 from './migrations/0032-application-document-index';
import * as m0033 from './migrations/0033-lms-connections';
import * as m0034 from './migrations/0034-lms-sync';
import * as m0035 from './migrations/0035-academic-progress';
import * as m0036 from './migrations/0036-certificates';
import * as m0037 from './migrations/0037-purchases';
import * as m0038 from './migrations/0038-coach-products';
import * as m0039 from './migrations/0039-analytics-summaries';
import * as m0040 from './migrations/0040-analytics-refresh';
import * as m0041 from './migrations/0041-export-pages';

type Migration = { up: MigrationFn<QueryInterface>; down: MigrationFn<QueryInterface> };

/** Every migration, in order. Listed explicitly so the same list works under tsx, jest and builds. */
const MIGRATIONS: Array<[string, Migration]> = [
  ['0001-core-tables', m0001],
  ['0002-reference-data', m0002],
  ['0003-business-category-plans', m0003],
  ['0004-catalogue', m0004],
  ['0005-finance-catalogue', m0005],
  ['0006-enrollment', m0006],
  ['0007-billing', m0007],
  ['0008-billing-indexes', m0008],
  ['0009-drop-redundant-schedule-index', m0009],
  ['0010-security', m0010],
  ['0011-described-entries', m0011],
  ['0012-jobs', m0012],
  ['0013-domain-events', m0013],
  ['0014-communications', m0014],
  ['0015-product-email-templates', m0015],
  ['0016-communication-delivery', m0016],
  ['0017-banners-mobile', m0017],
  ['0018-communication-lists', m0018],
  ['0019-outbox-message-id', m0019],
  ['0021-transfers-withdrawals', m0021],
  ['0022-transfer-withdrawal-emails', m0022],
  ['0023-coaching-circles', m0023],
  ['0024-coaches', m0024],
  ['0025-learning-sessions', m0025],
  ['0027-circle-sign-ups', m0027],
  ['0028-stored-files', m0028],
  ['0029-file-exports', m0029],
  ['0030-analytics-indexes', m0030],
  ['0031-coach-portal', m0031],
  ['0032-application-document-index', m0032],
  ['0033-lms-connections', m0033],
  ['0034-lms-sync', m0034],
  ['0035-academic-progress', m0035],
  ['0036-certificates', m0036],
  ['0037-purchases', m0037],
  ['0038-coach-products', m0038],
  ['0039-analytics-summaries', m0039],
  ['0040-analytics-refresh', m0040],
  ['0041-export-pages', m0041],
];

/** An umzug over the explicit migration list, recording progress in SequelizeMeta. */
export function createMigrator(sequelize: Sequelize, logger: Pick<Console, 'info' | 'warn' | 'error' | 'debug'> | undefined = undefined) {
  return new Umzug<QueryInterface>({
    migrations: MIGRATIONS.map(([name, m]) => ({ name, up: m.up, down: m.down })),
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize }),
    logger: logger ?? undefined,
  });
}

/** Runs every pending migration. */
export async function migrate(sequelize: Sequelize): Promise<void> {
  await createMigrator(sequelize).up();
}
