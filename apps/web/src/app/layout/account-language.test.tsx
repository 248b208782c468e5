import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { currentUserKey, currentUserQuery } from '../../shared/session/current-user';
import { accountUser, guestUser, mockApi, ok } from '../../test/api-mock';
import { renderAt } from '../../test/render-at';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe("the header's language chooser", () => {
  it("makes the choice a signed-in viewer's account language (emails follow it)", async () => {
    const api = mockApi({
      'GET /api/user': () => ok(accountUser),
      'POST /api/user/profile': ({ body }) => ok({ ...accountUser, ...body }),
    });
    const { queryClient } = renderAt('/');
    await act(() => queryClient.fetchQuery(currentUserQuery));
    fireEvent.change(await screen.findByLabelText('Language'), { target: { value: 'dy' } });
    await waitFor(() => {
      expect(api.requests('POST /api/user/profile').map((r) => r.body)).toEqual([{ language: 'dy' }]);
    });
    await waitFor(() => {
      expect(queryClient.getQueryData<{ language: string }>(currentUserKey)?.language).toBe('dy');
    });
    expect(localStorage.getItem('language')).toBe('dy');
  });

  it("keeps a guest's choice on the device (registering takes it over)", async () => {
    const api = mockApi({ 'GET /api/user': () => ok(guestUser) });
    const { queryClient } = renderAt('/');
    await act(() => queryClient.fetchQuery(currentUserQuery));
    fireEvent.change(await screen.findByLabelText('Language'), { target: { value: 'pt' } });
    await waitFor(() => {
      expect(localStorage.getItem('language')).toBe('pt');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests('POST /api/user/profile')).toEqual([]);
  });
});
