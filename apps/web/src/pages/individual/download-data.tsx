import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation';
import { downloadMyData } from '../../features/account';
import { Button } from '../../shared/ui/button';
import { DownloadIcon } from '../../shared/ui/icons/download';
import { Section } from '../../shared/ui/page';
import { toast } from '../../shared/ui/toast-store';

/** "Download my data": everything kept about the viewer, as a JSON file. */
export function DownloadData() {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: downloadMyData,
    onSuccess: () => {
      toast(t('account.data.done'), 'success');
    },
    onError: () => {
      toast(t('account.data.failed'), 'error');
    },
  });
  return (
    <Section title={t('account.data.title')}>
      <div className="flex flex-col gap-3 rounded-2xl bg-surface p-5">
        <p className="text-sm leading-relaxed text-fg-muted">{t('account.data.hint')}</p>
        <Button
          variant="secondary"
          disabled={download.isPending}
          aria-busy={download.isPending || undefined}
          onClick={() => {
            download.mutate();
          }}
        >
          <DownloadIcon className="size-4" />
          {download.isPending ? t('account.data.preparing') : t('account.data.button')}
        </Button>
      </div>
    </Section>
  );
}
