import type { ReferenceExample } from './reference';

const CREDENTIAL_NOTE: Record<ReferenceExample['credential'], string> = {
  key: 'Send an API key as a bearer token, as here, or call it from a signed-in browser session.',
  session:
    'API keys are not accepted here: this works with the session cookie only. Sign in with curl -c cookies.txt, then send ' +
    'the cookie with -b cookies.txt. On a write, an Origin header must name Chorus itself, as here.',
  none: 'No credential needed (in a workspace that requires sign-in, send one to read it).',
};

/** A labelled code block that scrolls on its own (keyboard too), so the page never scrolls sideways. */
function Code({ id, label, text }: { id: string; label: string; text: string }) {
  return (
    <pre
      id={id}
      role="region"
      aria-label={label}
      tabIndex={0}
      className={
        'mt-1 max-h-96 max-w-full overflow-auto rounded-lg border border-border bg-bg p-3 font-mono text-xs leading-relaxed ' +
        'focus-visible:outline-2 focus-visible:outline-offset-2'
      }
    >
      <code>{text}</code>
    </pre>
  );
}

/** An operation's example, collapsed until asked for: the curl line, the request body and the answer. */
export function ApiExample({ opId, title, example }: { opId: string; title: string; example: ReferenceExample }) {
  return (
    <details className="mt-3 min-w-0" data-testid="api-example">
      <summary className="cursor-pointer text-sm font-semibold">Example</summary>
      <div className="mt-2 min-w-0 space-y-3 text-sm">
        <div>
          <h4 className="font-semibold">curl</h4>
          <Code id={`${opId}-curl`} label={`curl example: ${title}`} text={example.curl} />
          <p className="mt-1 text-muted">{CREDENTIAL_NOTE[example.credential]}</p>
        </div>
        {example.request ? (
          <div>
            <h4 className="font-semibold">Request body</h4>
            <Code id={`${opId}-request`} label={`Request example: ${title}`} text={example.request} />
          </div>
        ) : null}
        <div>
          <h4 className="font-semibold">
            Response: {example.status}
            {example.responseType ? <span className="font-normal text-muted"> ({example.responseType})</span> : null}
          </h4>
          {example.response ? (
            <Code id={`${opId}-response`} label={`Response example: ${title}`} text={example.response} />
          ) : (
            <p className="mt-1 text-muted">No content.</p>
          )}
        </div>
      </div>
    </details>
  );
}
