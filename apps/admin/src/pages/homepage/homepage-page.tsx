import { useState } from 'react';
import type { AdminHomepageKind, AdminSection } from '@episodic/contract';
import { useSectionMutations, useSections } from '../../features/homepage';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../shared/format';
import { Badge, Button, Card, ErrorState, Loading, PageHeader } from '../../shared/ui';
import { FormMessage, SelectInput, TextInput, formErrors } from '../../shared/form-fields';
import { Dialog } from '../../shared/dialogs';
import { SectionContent } from './section-content';
import { useEditedForm } from '../../shared/unsaved-changes';

const KINDS: Record<AdminHomepageKind, string> = {
  featured: 'Featured carousel',
  curated: 'Hand-picked series',
  categories: 'Category tabs',
  trending: 'Trending (automatic)',
  newest: 'Newest (automatic)',
};

function SectionDialog({
  section,
  hasFeatured,
  onClose,
}: {
  section: AdminSection | null;
  hasFeatured: boolean;
  onClose: () => void;
}) {
  const edited = useEditedForm();
  const { create, update } = useSectionMutations();
  const mutation = section ? update : create;
  const [slug, setSlug] = useState(section?.slug ?? '');
  const [kind, setKind] = useState<AdminHomepageKind>(section?.kind ?? 'curated');
  const [titles, setTitles] = useState<Record<Language, string>>(
    () => Object.fromEntries(LANGUAGES.map((l) => [l, section?.titles[l] ?? ''])) as Record<Language, string>,
  );
  const { fields } = formErrors(mutation.error);
  const kinds = (Object.keys(KINDS) as AdminHomepageKind[]).filter((k) => section || k !== 'featured' || !hasFeatured);
  return (
    <Dialog
      title={section ? `Section “${section.titles.en ?? section.slug}”` : 'New section'}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="section-form" disabled={mutation.isPending}>
            {section ? 'Save section' : 'Add section'}
          </Button>
        </>
      }
    >
      <form
        id="section-form"
        onChange={edited.onChange}
        className="grid grid-cols-2 gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (section) update.mutate({ id: section.id, input: { slug, titles } }, { onSuccess: onClose });
          else create.mutate({ slug, kind, titles, active: true }, { onSuccess: onClose });
        }}
      >
        <div className="col-span-2">
          <FormMessage error={mutation.error} />
        </div>
        <TextInput
          label="Id"
          value={slug}
          onChange={(e) => {
            setSlug(e.target.value);
          }}
          error={fields.slug}
          hint="e.g. asian-stories"
        />
        <SelectInput
          label="Shows"
          value={kind}
          disabled={Boolean(section)}
          onChange={(e) => {
            setKind(e.target.value as AdminHomepageKind);
          }}
          options={kinds.map((k) => ({ value: k, label: KINDS[k] }))}
          error={fields.kind}
        />
        {LANGUAGES.map((lang) => (
          <TextInput
            key={lang}
            label={`Title (${LANGUAGE_NAMES[lang]})`}
            value={titles[lang]}
            maxLength={120}
            onChange={(e) => {
              setTitles({ ...titles, [lang]: e.target.value });
            }}
            error={fields[`titles.${lang}`]}
          />
        ))}
      </form>
    </Dialog>
  );
}

/** What viewers see first: the carousel and the sections, in order, with their content. */
export function HomepagePage() {
  const sections = useSections();
  const { reorder, update, remove } = useSectionMutations();
  const [editing, setEditing] = useState<AdminSection | 'new' | null>(null);
  const move = (list: AdminSection[], index: number, by: -1 | 1) => {
    const ids = list.map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids);
  };
  return (
    <section>
      <PageHeader
        title="Homepage"
        description="The featured carousel and the home sections, top to bottom, as viewers see them. Changes show at once."
        actions={
          <Button
            variant="primary"
            onClick={() => {
              setEditing('new');
            }}
          >
            New section
          </Button>
        }
      />
      <FormMessage error={reorder.error ?? update.error ?? remove.error} />
      {sections.isPending ? (
        <Loading />
      ) : sections.isError ? (
        <ErrorState error={sections.error} retry={() => void sections.refetch()} />
      ) : (
        <ol className="flex flex-col gap-4">
          {sections.data.map((section, i, list) => (
            <li key={section.id}>
              <Card
                title={
                  <span className="flex items-center gap-2">
                    <span className="text-zinc-400 tabular-nums">{i + 1}.</span>
                    {section.titles.en ?? section.slug}
                    <Badge tone={section.kind === 'featured' ? 'orange' : 'blue'}>{KINDS[section.kind]}</Badge>
                    {section.active ? null : <Badge>Hidden</Badge>}
                  </span>
                }
                actions={
                  <>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Move ${section.slug} up`}
                      disabled={i === 0 || reorder.isPending}
                      onClick={() => move(list, i, -1)}
                    >
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Move ${section.slug} down`}
                      disabled={i === list.length - 1 || reorder.isPending}
                      onClick={() => move(list, i, 1)}
                    >
                      ↓
                    </Button>
                    <Button
                      size="sm"
                      onClick={() => update.mutate({ id: section.id, input: { active: !section.active } })}
                    >
                      {section.active ? 'Hide' : 'Show'}
                    </Button>
                    <Button
                      size="sm"
                      onClick={() => {
                        setEditing(section);
                      }}
                    >
                      Rename
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700"
                      onClick={() => {
                        if (window.confirm(`Delete the section “${section.titles.en ?? section.slug}”?`))
                          remove.mutate(section.id);
                      }}
                    >
                      Delete
                    </Button>
                  </>
                }
              >
                <SectionContent
                  key={JSON.stringify([section.items.map((x) => x.id), section.tags.map((x) => x.id)])}
                  section={section}
                />
              </Card>
            </li>
          ))}
        </ol>
      )}
      {editing ? (
        <SectionDialog
          section={editing === 'new' ? null : editing}
          hasFeatured={(sections.data ?? []).some((s) => s.kind === 'featured')}
          onClose={() => {
            setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}
