import { FLAG_NAMES } from '../flags';
import { useAnalytics } from './hooks';

const DESCRIPTIONS: Record<(typeof FLAG_NAMES)[number], string> = {
  'similar-post-suggestions': 'Similar posts are suggested while you write a new one',
  'roadmap-voting': 'You can vote from the cards on the roadmap',
};

/** Which optional features are on for this visitor, and whether the analytics service decided it. */
export function FlagsInEffect() {
  const { flags } = useAnalytics();
  return (
    <table className="w-full text-left text-sm" data-testid="feature-flags">
      <caption className="sr-only">Feature flags in effect</caption>
      <thead>
        <tr className="border-b border-border">
          <th scope="col" className="py-2 pr-4 font-medium">
            Feature
          </th>
          <th scope="col" className="py-2 pr-4 font-medium">
            State
          </th>
          <th scope="col" className="py-2 font-medium">
            Decided by
          </th>
        </tr>
      </thead>
      <tbody>
        {FLAG_NAMES.map((name) => (
          <tr key={name} className="border-b border-border" data-flag={name} data-value={String(flags.values[name])}>
            <th scope="row" className="py-2 pr-4 font-normal">
              {DESCRIPTIONS[name]} <code className="text-xs text-muted">{name}</code>
            </th>
            <td className="py-2 pr-4">{flags.values[name] ? 'On' : 'Off'}</td>
            <td className="py-2 text-muted">{flags.sources[name] === 'remote' ? 'Analytics service' : 'Default'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
