import { useId } from 'react';
import type { AdminSeries } from '@episodic/contract';
import { useSeriesMutations } from '../../features/content';
import { Card } from '../../shared/ui';
import { formErrors } from '../../shared/form-fields';

function Picture({
  label,
  hint,
  src,
  shape,
  pending,
  error,
  onFile,
}: {
  label: string;
  hint: string;
  src: string | null;
  shape: string;
  pending: boolean;
  error?: string;
  onFile: (file: File) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-zinc-700">{label}</p>
      <div className={`${shape} overflow-hidden rounded-lg bg-zinc-100 ring-1 ring-zinc-200`}>
        {src ? (
          <img src={src} alt={label} className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-xs text-zinc-400">None yet</div>
        )}
      </div>
      <label htmlFor={id} className="cursor-pointer text-sm font-medium text-orange-700 hover:underline">
        {pending ? 'Uploading…' : `Replace ${label.toLowerCase()}`}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        disabled={pending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
      {error ? <p className="text-sm text-red-600">{error}</p> : <p className="text-xs text-zinc-500">{hint}</p>}
    </div>
  );
}

/** The cover (3:4, on cards) and banner (16:9, on the series page); any picture is cropped to shape. */
export function SeriesArtwork({ series }: { series: AdminSeries }) {
  const { artwork } = useSeriesMutations(series.id);
  const kind = artwork.variables?.kind;
  const error = formErrors(artwork.error).fields.file ?? formErrors(artwork.error).message;
  return (
    <Card title="Artwork">
      <div className="grid grid-cols-[120px_1fr] gap-6">
        <Picture
          label="Cover"
          hint="3:4, shown on cards."
          src={series.cover}
          shape="aspect-[3/4] w-[120px]"
          pending={artwork.isPending && kind === 'cover'}
          error={kind === 'cover' ? error : undefined}
          onFile={(file) => {
            artwork.mutate({ kind: 'cover', file });
          }}
        />
        <Picture
          label="Banner"
          hint="16:9, shown on the series page."
          src={series.banner}
          shape="aspect-video w-full"
          pending={artwork.isPending && kind === 'banner'}
          error={kind === 'banner' ? error : undefined}
          onFile={(file) => {
            artwork.mutate({ kind: 'banner', file });
          }}
        />
      </div>
    </Card>
  );
}
