import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import { describeProblem, type FormProblem } from './errors';

/**
 * What a form shows after the server refused it: field errors inline (focus goes to the first),
 * and an error summary (focused when no field is to blame). Nothing the person typed is reset.
 */
export function useFormProblem<T extends FieldValues>(setError: UseFormSetError<T>, fieldNames: readonly Path<T>[]) {
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [focusSummary, setFocusSummary] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const t = useTranslations('problems');

  useEffect(() => {
    if (focusSummary) summaryRef.current?.focus();
  }, [focusSummary]);

  const report = useCallback(
    (err: unknown) => {
      const found = describeProblem(err, t);
      let focused = false;
      const elsewhere: string[] = [];
      for (const [name, message] of Object.entries(found.fields)) {
        if ((fieldNames as readonly string[]).includes(name)) {
          setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        } else {
          elsewhere.push(message);
        }
      }
      setProblem({ ...found, message: [found.message, ...elsewhere].join(' ') });
      if (!focused) setFocusSummary((n) => n + 1);
      return found;
    },
    [fieldNames, setError, t],
  );

  return { problem, report, clear: useCallback(() => setProblem(null), []), summaryRef };
}
