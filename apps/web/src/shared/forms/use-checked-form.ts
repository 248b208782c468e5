import type { FieldErrors as ServerFieldErrors } from '@episodic/contract';
import { useCallback, useRef, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import type { FormFailure } from './server-messages';
import { focusFirstInvalid } from './validate';

/**
 * A form on react-hook-form (its inputs registered, values and errors in its store), the way the app's forms
 * behave: `check` (the form's own validators, messages already in the interface language) runs on submit
 * only; editing a field clears its error and the form's message; a refused call's failure (formFailure)
 * puts the server's field errors under their inputs and its message above the button. Only lazily loaded forms use it (react-hook-form stays out of the first load).
 */
export function useCheckedForm<V extends FieldValues>(defaultValues: V, check: (values: V) => ServerFieldErrors) {
  const form = useForm<V>({ defaultValues: defaultValues as DefaultValues<V> });
  const { clearErrors, setError, setValue, formState } = form;
  const formRef = useRef<HTMLFormElement>(null);

  /** The field errors to show, by input name (a server field without an input has its entry too). */
  const errors: Record<string, string | undefined> = {};
  for (const [name, error] of Object.entries(formState.errors))
    if (name !== 'root') errors[name] = (error as { message?: string } | undefined)?.message;
  const message = formState.errors.root?.server?.message ?? '';

  /** Clears a field's error and the form's message (what editing it does). */
  const edited = useCallback(
    (name: Path<V>) => {
      clearErrors([name, 'root.server' as Path<V>]);
    },
    [clearErrors],
  );

  /** The input's props: its value is the form's; editing it clears its error. */
  const field = (name: Path<V>) => form.register(name, { onChange: () => edited(name) });

  /** Sets a field's value from code (formatted input, a checkbox component), as editing it would. */
  const setField = <N extends Path<V>>(name: N, value: PathValue<V, N>) => {
    setValue(name, value);
    edited(name);
  };

  /** Shows a failure: field errors under their inputs (by name), the message above the button. */
  const fail = useCallback(
    (failure: FormFailure) => {
      for (const [name, text] of Object.entries(failure.fields))
        setError(name as Path<V>, { type: 'server', message: text });
      if (failure.message) setError('root.server', { type: 'server', message: failure.message });
    },
    [setError],
  );

  /** Shows field errors (replacing the fields' own) and moves the focus to the first invalid input. */
  const show = (found: ServerFieldErrors) => {
    clearErrors(Object.keys(errors).map((name) => name as Path<V>));
    for (const [name, text] of Object.entries(found)) setError(name as Path<V>, { type: 'check', message: text });
    focusFirstInvalid(formRef.current);
  };

  /**
   * The submit handler: `send` gets the values once `check` finds nothing; otherwise its errors replace the
   * form's and the first invalid input takes the focus. It checks synchronously (not handleSubmit's
   * asynchronous validation), so the call goes out in the same task as the tap.
   */
  const submit = (send: (values: V) => void) => (event: FormEvent) => {
    event.preventDefault();
    const values = form.getValues();
    const found = check(values);
    if (Object.keys(found).length === 0) {
      send(values);
      return;
    }
    clearErrors();
    show(found);
  };

  return {
    form,
    formRef,
    errors,
    message,
    field,
    setField,
    watch: form.watch,
    /** Back to the first values, without errors or message. */
    reset: () => {
      form.reset();
    },
    fail,
    show,
    submit,
  };
}
