import type { User } from '@episodic/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { accountUser } from '../../test/api-mock';
import { membershipLine } from './membership-status';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const member = (renews: boolean) =>
  ({
    ...accountUser,
    membership: {
      active: true,
      planId: 'monthly',
      renewsAt: renews ? '2026-12-26T12:00:00.000Z' : null,
      endsAt: '2026-12-26T12:00:00.000Z',
      autoRenew: renews,
    },
  }) as unknown as User;

describe('the membership line', () => {
  it('writes the renewal and end dates in the interface language', async () => {
    expect(membershipLine(member(true), i18n.getFixedT('en'), 'en')).toBe('Renews on December 26, 2026');
    await i18n.changeLanguage('dy');
    expect(membershipLine(member(true), i18n.getFixedT('dy'), 'dy')).toBe('Verlängert sich am 26. Dezember 2026');
    await i18n.changeLanguage('fy');
    expect(membershipLine(member(false), i18n.getFixedT('fy'), 'fy')).toContain('26 décembre 2026');
  });
});
