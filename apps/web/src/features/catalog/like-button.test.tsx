import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page';
import { fail, mockApi, ok } from '../../test/api-mock';
import { LikeButton } from './like-button';
import { useSeriesLike } from './likes';

function SeriesLike({ liked = false, likeCount = 1234 }: { liked?: boolean; likeCount?: number }) {
  const like = useSeriesLike({ id: 7, liked, likeCount });
  return <LikeButton liked={like.liked} count={like.count} onToggle={like.toggle} />;
}

describe('the like button', () => {
  it('shows the short count, is a toggle named with it, likes and takes the like back', async () => {
    const api = mockApi({
      'POST /api/video/like': () => ok({ seriesId: 7, liked: true, likeCount: 1240 }),
      'DELETE /api/video/like': () => ok({ seriesId: 7, liked: false, likeCount: 1239 }),
    });
    renderPage(<SeriesLike />);
    const button = screen.getByRole('button', { name: 'Like 1.2K' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('title')).toBe('1234 likes');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => {
      expect(button.getAttribute('title')).toBe('1240 likes');
    });
    expect(api.requests('POST /api/video/like').map((r) => r.body)).toEqual([{ seriesId: 7 }]);
    fireEvent.click(button);
    await waitFor(() => {
      expect(button.getAttribute('title')).toBe('1239 likes');
    });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(api.requests('DELETE /api/video/like').map((r) => r.url.searchParams.get('seriesId'))).toEqual(['7']);
  });

  it('puts the like back and says so when the server refuses', async () => {
    mockApi({ 'POST /api/video/like': () => fail(404, 'Not available') });
    renderPage(<SeriesLike likeCount={1} />);
    const button = screen.getByRole('button', { name: 'Like 1' });
    fireEvent.click(button);
    expect(await screen.findByText("Your like couldn't be saved. Try again.")).toBeTruthy();
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('title')).toBe('1 like');
  });
});
