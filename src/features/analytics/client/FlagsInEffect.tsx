import { useTranslations } from 'use-intl';
import { FLAG_NAMES } from '../flags';
import { useAnalytics } from './hooks';

const DESCRIPTIONS = {
  'similar-post-suggestions': 'flags.similarPostSuggestions',
  'roadmap-voting': 'flags.roadmapVoting',
} as const satisfies Record<(typeof FLAG_NAMES)[number], string>;

/** Which optional features are on for this visitor, and whether the analytics service decided it. */
export function FlagsInEffect() {
  const t = useTranslations('analytics');
  const { flags } = useAnalytics();
  return (
    <table className="w-full text-start text-sm" data-testid="feature-flags">
      <caption className="sr-only">{t('flags.caption')}</caption>
      <thead>
        <tr className="border-b border-border">
          <th scope="col" className="py-2 pe-4 font-medium">
            {t('flags.feature')}
          </th>
          <th scope="col" className="py-2 pe-4 font-medium">
            {t('flags.state')}
          </th>
          <th scope="col" className="py-2 font-medium">
            {t('flags.decidedBy')}
          </th>
        </tr>
      </thead>
      <tbody>
        {FLAG_NAMES.map((name) => (
          <tr key={name} className="border-b border-border" data-flag={name} data-value={String(flags.values[name])}>
            <th scope="row" className="py-2 pe-4 font-normal">
              {t(DESCRIPTIONS[name])} <code className="text-xs text-muted">{name}</code>
            </th>
            <td className="py-2 pe-4">{flags.values[name] ? t('flags.on') : t('flags.off')}</td>
            <td className="py-2 text-muted">{flags.sources[name] === 'remote' ? t('flags.remote') : t('flags.default')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
