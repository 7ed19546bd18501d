import type { ReactNode, RefObject } from 'react';
import { Alert } from '@/components/ui/Alert';
import type { FormProblem } from './errors';

/** A form's error summary: announced, and focusable so that focus can be moved to it. */
export function FormProblemAlert({
  problem,
  summaryRef,
  children,
}: {
  problem: FormProblem | null;
  summaryRef: RefObject<HTMLDivElement | null>;
  children?: ReactNode;
}) {
  return (
    <div ref={summaryRef} tabIndex={-1} className="outline-none focus-visible:outline-2" data-testid="form-problem">
      {problem ? (
        <Alert tone="error">
          <p className="m-0" data-code={problem.code}>
            {problem.message}
          </p>
          {children}
        </Alert>
      ) : null}
    </div>
  );
}
