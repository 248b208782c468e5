import type { FieldErrors } from '@episodic/contract';
import { useCallback, useState } from 'react';
import type { FormFailure } from './server-messages';

/** Values, field errors and a form-level message of a small form; editing a field clears its error. */
export function useFormState<V extends Record<string, string | boolean>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');

  const setField = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
    setMessage('');
  }, []);

  const fail = useCallback((failure: FormFailure) => {
    setErrors(failure.fields);
    setMessage(failure.message);
  }, []);

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
    setMessage('');
  }, [initial]);

  return { values, setField, errors, setErrors, message, setMessage, fail, reset };
}
