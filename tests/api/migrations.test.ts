import { Role } from '../../models';
import * as m0005 from '../../models/migrations/0005-finance-catalogue';
import { hasPermission } from '../../models/permissions';
import { setupApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

describe('migration 0005-finance-catalogue', () => {
  test('adds the business-category and product permissions FINANCE lacked, keeps what staff added, and down takes only those back', async () => {
    const finance = await Role.findOne({ where: { name: 'FINANCE' } });
    const original = [...finance!.permissions];
    try {
      // An install from before issue 4, where staff also granted one extra permission.
      const before = original.filter((p) => p !== 'business_categories:*' && p !== 'products:*').concat('business_categories:update', 'coaches:update');
      await finance!.update({ permissions: before });
      await m0005.up({ context: t.deps.sequelize.getQueryInterface() });
      const after = (await Role.findOne({ where: { name: 'FINANCE' } }))!.permissions;
      expect(after).toEqual([...before, 'business_categories:*', 'products:*']);
      for (const p of ['business_categories:create', 'business_categories:delete', 'products:create', 'products:publish', 'coaches:update']) expect(hasPermission(after, p)).toBe(true);

      // Running it again adds nothing.
      await m0005.up({ context: t.deps.sequelize.getQueryInterface() });
      expect((await Role.findOne({ where: { name: 'FINANCE' } }))!.permissions).toEqual(after);

      await m0005.down({ context: t.deps.sequelize.getQueryInterface() });
      expect((await Role.findOne({ where: { name: 'FINANCE' } }))!.permissions).toEqual(before);
    } finally {
      await Role.update({ permissions: original }, { where: { name: 'FINANCE' } });
    }
  });

  test('a fresh install already gives FINANCE the catalogue permissions it sells with', async () => {
    const finance = (await Role.findOne({ where: { name: 'FINANCE' } }))!.permissions;
    expect(hasPermission(finance, 'products:publish')).toBe(true);
    expect(hasPermission(finance, 'business_categories:create')).toBe(true);
    expect(hasPermission(finance, 'programs:create')).toBe(false);
  });
});
