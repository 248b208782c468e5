import { useTranslation } from '../i18n/use-translation';
import { Button } from './button';

interface ErrorStateProps {
  message: string;
  onRetry?: () => void;
  className?: string;
}

export function ErrorState({ message, onRetry, className = '' }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={`flex min-h-24 flex-col items-center justify-center gap-3 px-4 py-6 text-center text-sm text-fg-muted ${className}`}
    >
      <p>{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      ) : null}
    </div>
  );
}
