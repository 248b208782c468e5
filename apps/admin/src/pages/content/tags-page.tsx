import { useState } from 'react';
import { MoveButtons } from '../../shared/move-buttons';
import type { AdminTag } from '@episodic/contract';
import { useTagMutations, useTags } from '../../features/content';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../shared/format';
import { Button, EmptyState, ErrorState, Loading, PageHeader } from '../../shared/ui';
import { FormMessage, TextInput, formErrors } from '../../shared/form-fields';
import { Dialog } from '../../shared/dialogs';
import { ContentTabs } from './content-tabs';
import { useEditedForm } from '../../shared/unsaved-changes';

function TagDialog({ tag, onClose }: { tag: AdminTag | null; onClose: () => void }) {
  const edited = useEditedForm();
  const { create, update } = useTagMutations();
  const mutation = tag ? update : create;
  const [slug, setSlug] = useState(tag?.slug ?? '');
  const [names, setNames] = useState<Record<Language, string>>(
    () => Object.fromEntries(LANGUAGES.map((l) => [l, tag?.names[l] ?? ''])) as Record<Language, string>,
  );
  const { fields } = formErrors(mutation.error);
  return (
    <Dialog
      title={tag ? `Tag “${tag.names.en ?? tag.slug}”` : 'New tag'}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="tag-form" disabled={mutation.isPending}>
            {tag ? 'Save tag' : 'Create tag'}
          </Button>
        </>
      }
    >
      <form
        id="tag-form"
        onChange={edited.onChange}
        className="grid grid-cols-2 gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (tag) update.mutate({ id: tag.id, input: { slug, names } }, { onSuccess: onClose });
          else create.mutate({ slug, names }, { onSuccess: onClose });
        }}
      >
        <div className="col-span-2">
          <FormMessage error={mutation.error} />
        </div>
        <TextInput
          label="Id"
          className="col-span-2"
          value={slug}
          onChange={(e) => {
            setSlug(e.target.value);
          }}
          error={fields.slug}
          hint="Lower-case letters, digits and hyphens, e.g. revenge."
        />
        {LANGUAGES.map((lang) => (
          <TextInput
            key={lang}
            label={`Name (${LANGUAGE_NAMES[lang]})`}
            value={names[lang]}
            maxLength={80}
            onChange={(e) => {
              setNames({ ...names, [lang]: e.target.value });
            }}
            error={fields[`names.${lang}`]}
          />
        ))}
      </form>
    </Dialog>
  );
}

/** The viewers' categories: names in five languages and their order. */
export function TagsPage() {
  const tags = useTags();
  const { remove, reorder } = useTagMutations();
  const [editing, setEditing] = useState<AdminTag | 'new' | null>(null);
  const move = (list: AdminTag[], index: number, by: -1 | 1) => {
    const ids = list.map((t) => t.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids);
  };
  return (
    <section>
      <PageHeader
        title="Content"
        description="Tags are the viewers' categories: browse pages, series cards and the category tabs of the home screen."
        actions={
          <Button
            variant="primary"
            onClick={() => {
              setEditing('new');
            }}
          >
            New tag
          </Button>
        }
      />
      <ContentTabs />
      <FormMessage error={remove.error ?? reorder.error} />
      {tags.isPending ? (
        <Loading />
      ) : tags.isError ? (
        <ErrorState error={tags.error} retry={() => void tags.refetch()} />
      ) : tags.data.length === 0 ? (
        <EmptyState>No tags yet.</EmptyState>
      ) : (
        <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
          <table className="w-full text-sm">
            <thead className="bg-zinc-50 text-left text-xs text-zinc-500 uppercase">
              <tr>
                <th className="px-4 py-2 font-medium">Tag</th>
                <th className="px-4 py-2 font-medium">Translations</th>
                <th className="px-4 py-2 text-right font-medium">Series</th>
                <th className="px-4 py-2 text-right font-medium">Actions</th>
              </tr>
            </thead>
            <tbody>
              {tags.data.map((tag, i, list) => (
                <tr key={tag.id} className="border-t border-zinc-100">
                  <td className="px-4 py-2">
                    <span className="font-medium">{tag.names.en ?? tag.slug}</span>
                    <span className="block text-xs text-zinc-500">{tag.slug}</span>
                  </td>
                  <td className="px-4 py-2 text-zinc-600">
                    {LANGUAGES.filter((l) => l !== 'en' && tag.names[l])
                      .map((l) => tag.names[l])
                      .join(' · ') || '—'}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{tag.series}</td>
                  <td className="px-4 py-2">
                    <span className="flex justify-end gap-1">
                      <MoveButtons
                        rowKey={`tag-${tag.id}`}
                        label={tag.slug}
                        index={i}
                        count={list.length}
                        busy={reorder.isPending}
                        onMove={(by) => {
                          move(list, i, by);
                        }}
                      />
                      <Button
                        size="sm"
                        onClick={() => {
                          setEditing(tag);
                        }}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700"
                        onClick={() => {
                          if (
                            window.confirm(
                              `Delete the tag “${tag.names.en ?? tag.slug}”? ${tag.series} series lose it.`,
                            )
                          )
                            remove.mutate(tag.id);
                        }}
                      >
                        Delete
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? (
        <TagDialog
          tag={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}
