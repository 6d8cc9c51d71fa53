import type { AiReport } from '@quire/client';
import { useUi } from '../root/ui-context';

/**
 * What an AI turn checked and what it did not do, from the service's report: each check with its outcome (the
 * service words them), then the findings left, what was removed for safety, and the notes.
 */
export function AiReportSummary({ report }: { report: AiReport }) {
  const { t } = useUi();
  const notDone = [
    ...report.remaining.map((finding, i) => ({
      key: `r${i}`,
      text: `${finding.message}${finding.data_sets.length ? ` (${finding.data_sets.join(', ')})` : ''}${
        finding.known_limitation ? ` · ${t('chat.limitation')}` : ''
      }`,
      level: finding.severity,
    })),
    ...report.sanitised.map((item, i) => ({
      key: `s${i}`,
      text: t('chat.removed', { detail: item.detail }),
      level: 'info',
    })),
    ...report.notes.map((note, i) => ({ key: `n${i}`, text: note, level: 'info' })),
  ];
  return (
    <div className="quire-ai-report">
      <p className="quire-ai-report-title">{t('chat.checked')}</p>
      <ul className="quire-ai-checked">
        {report.checked.map((check, i) => (
          <li key={`${check.check}-${check.data_set ?? i}`} data-ok={check.ok}>
            <span aria-hidden="true">{check.ok ? '✓' : '✗'}</span> {check.description}
            {check.pages ? ` · ${check.pages === 1 ? t('chat.onePage') : t('chat.pages', { pages: check.pages })}` : ''}{' '}
            ·{' '}
            {check.ok && check.findings.length === 0
              ? t('chat.passed')
              : t('chat.problems', { count: check.findings.length })}
          </li>
        ))}
      </ul>
      <p className="quire-ai-report-title">{t('chat.notDone')}</p>
      {notDone.length === 0 ? (
        <p className="quire-muted">{t('chat.nothingLeft')}</p>
      ) : (
        <ul className="quire-ai-not-done">
          {notDone.map((item) => (
            <li key={item.key} data-level={item.level}>
              {item.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
