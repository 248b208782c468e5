import { LikeButton, useSeriesLike } from '../../features/catalog/lazy';

/** A series' like for a player's side rail (the series player's and each For You item's): one per viewer, the count beside the heart. */
export function SeriesLike({ series }: { series: { id: number; liked: boolean; likeCount: number } }) {
  const like = useSeriesLike(series);
  return (
    <LikeButton
      layout="stacked"
      liked={like.liked}
      count={like.count}
      onToggle={like.toggle}
      className="pointer-events-auto w-16 drop-shadow"
    />
  );
}
