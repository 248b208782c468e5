import { useState, type ComponentProps } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { EyeIcon } from '../ui/icons/eye';
import { EyeOffIcon } from '../ui/icons/eye-off';
import { TextField } from '../ui/text-field';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'>;

/** A password input with a show/hide button (typing a password on a phone is error-prone). */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  // Forms have two or three password fields: each toggle names the field it shows.
  const toggleLabel = `${t('auth.showPassword')}: ${props.label}`;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          aria-label={toggleLabel}
          aria-pressed={visible}
          title={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          onClick={() => {
            setVisible((v) => !v);
          }}
          className="inline-flex size-10 items-center justify-center rounded-full text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
        >
          {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      }
    />
  );
}
