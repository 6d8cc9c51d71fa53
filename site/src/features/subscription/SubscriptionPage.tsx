import './subscription.css';
import type { Plan, Quire } from '@quire/client';
import { Dialog } from '@quire/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { plansQuery } from '../../api/catalogue';
import { SUBSCRIPTION_TEXT as T, USAGE_METERS } from '../../content/subscription';
import { Loading } from '../../layout/Loading';
import { usePageTitle } from '../../layout/use-page-title';
import { ApiSnippet, teamsQueryKey, useBossMode, useTeamKey, useWorkspace } from '../../workspace';
import { notify } from '../account/notify';
import { failureOf } from '../team/errors';

type UsageSummary = Awaited<ReturnType<Quire['usage']['get']>>;

const number = (n: number) => n.toLocaleString('en-US');
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
// The period's end is the first instant of the next month: the last day shown is the one before.
const lastDay = (iso: string) => day(new Date(new Date(iso).getTime() - 1).toISOString());

/** What the team has now that a plan could not hold (templates and members: monthly counters never block). */
export function overLimits(plan: Plan, usage: UsageSummary | undefined) {
  if (!usage) return [];
  return USAGE_METERS.filter((m) => m.limit === 'templates' || m.limit === 'members').flatMap((m) => {
    const used = usage.usage[m.limit].used;
    const limit = plan.limits[m.limit];
    return used > limit ? [{ noun: m.noun, used, limit }] : [];
  });
}

/**
 * /subscription: the four plans with the team's marked, this month's usage as meters, and (for billing:manage) a
 * change of plan. Self-hosted, the billing port applies it at once; a plan too small for what the team has is
 * named before asking, and the service's refusal is shown when it comes.
 */
export function SubscriptionPage() {
  usePageTitle(T.title);
  const { team, client, can } = useWorkspace();
  const canUsage = can('usage:read');
  const canChange = can('billing:manage');
  const plans = useQuery(plansQuery);
  const usageKey = useTeamKey('usage');
  const usage = useQuery({ queryKey: usageKey, queryFn: () => client.usage.get(), enabled: canUsage });
  const [choosing, setChoosing] = useState<Plan | null>(null);
  const usageHeading = useId();
  const plansHeading = useId();

  if (plans.isPending || (canUsage && usage.isPending)) return <Loading />;
  if (plans.isError) {
    return (
      <section>
        <h1>{T.title}</h1>
        <p role="alert">{T.loadFailed}</p>
      </section>
    );
  }
  const currentId = usage.data?.plan ?? team.plan;
  const current = plans.data.find((p) => p.id === currentId);
  const rank = (plan: Plan) => plans.data.findIndex((p) => p.id === plan.id);

  return (
    <section className="sub-page">
      <header className="app-page-header">
        <div>
          <h1>{T.title}</h1>
          <p className="sub-muted sub-lead">{T.lead}</p>
        </div>
      </header>

      {usage.data ? (
        <section className="app-card sub-usage" aria-labelledby={usageHeading}>
          <div className="sub-usage-head">
            <h2 id={usageHeading}>{T.usageTitle}</h2>
            <p className="sub-muted">
              {current ? `${current.name} · ` : ''}
              {T.period(day(usage.data.period.start), lastDay(usage.data.period.end))}
            </p>
          </div>
          <ul className="sub-meters">
            {USAGE_METERS.map((m) => {
              const { used, limit } = usage.data.usage[m.limit];
              const ratio = limit > 0 ? used / limit : 1;
              return (
                <li key={m.limit} className="sub-meter" data-limit={m.limit}>
                  <span className="sub-meter-label" id={`${usageHeading}-${m.limit}`}>
                    {m.label}
                  </span>
                  <span className="sub-meter-value">
                    {number(used)} / {number(limit)}
                  </span>
                  <meter
                    min={0}
                    max={limit}
                    value={Math.min(used, limit)}
                    low={limit * 0.75}
                    high={limit * 0.9}
                    optimum={0}
                    aria-labelledby={`${usageHeading}-${m.limit}`}
                    aria-valuetext={`${number(used)} of ${number(limit)}`}
                    data-full={ratio >= 1 ? 'true' : undefined}
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {usage.isError ? (
        <p role="alert" className="sub-error">
          {usage.error.message}
        </p>
      ) : null}

      <section aria-labelledby={plansHeading}>
        <h2 id={plansHeading} className="sub-plans-title">
          {T.plansTitle}
        </h2>
        {!canChange ? <p className="sub-muted">{T.noBilling}</p> : null}
        <ul className="sub-plans">
          {plans.data.map((plan) => {
            const isCurrent = plan.id === currentId;
            return (
              <li
                key={plan.id}
                className={`app-card sub-plan${isCurrent ? ' sub-plan-current' : ''}${plan.popular ? ' sub-plan-popular' : ''}`}
                aria-labelledby={`${plansHeading}-${plan.id}`}
                aria-current={isCurrent ? 'true' : undefined}
                data-plan={plan.id}
              >
                <div className="sub-plan-badges">
                  {isCurrent ? <span className="sub-badge sub-badge-current">{T.current}</span> : null}
                  {plan.popular ? <span className="sub-badge">{T.popular}</span> : null}
                </div>
                <h3 id={`${plansHeading}-${plan.id}`}>{plan.name}</h3>
                <p className="sub-price">
                  <strong>${number(plan.price_usd_monthly)}</strong>
                  <span className="sub-muted">{T.perMonth}</span>
                </p>
                <p className="sub-muted">{plan.description}</p>
                <ul className="sub-features">
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                {canChange && !isCurrent ? (
                  <button
                    type="button"
                    className={`site-button ${plan.popular ? 'site-button-primary' : 'site-button-secondary'} sub-choose`}
                    onClick={() => setChoosing(plan)}
                  >
                    {T.choose(plan.name)}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      {canChange ? (
        <ApiSnippet
          title="Change the plan with the API"
          action={{
            method: 'POST',
            path: '/v1/subscription',
            body: { plan: choosing?.id ?? 'professional' },
            client: `const subscription = await quire.subscription.change({ plan: '${choosing?.id ?? 'professional'}' });`,
          }}
        />
      ) : null}
      {canUsage ? (
        <ApiSnippet
          title="Read the usage with the API"
          action={{ method: 'GET', path: '/v1/usage', client: 'const usage = await quire.usage.get();' }}
        />
      ) : null}

      {canChange && choosing ? (
        <ChangePlanDialog
          plan={choosing}
          downgrade={current ? rank(choosing) < rank(current) : false}
          usage={usage.data}
          onClose={() => setChoosing(null)}
        />
      ) : null}
    </section>
  );
}

function ChangePlanDialog({
  plan,
  downgrade,
  usage,
  onClose,
}: {
  plan: Plan;
  downgrade: boolean;
  usage: UsageSummary | undefined;
  onClose(): void;
}) {
  const { client } = useWorkspace();
  const boss = useBossMode();
  const queryClient = useQueryClient();
  const usageKey = useTeamKey('usage');
  const teamKey = useTeamKey();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; detail?: string } | null>(null);
  const [checkout, setCheckout] = useState<string | null>(null);
  const over = overLimits(plan, usage);

  async function change() {
    setBusy(true);
    setRefusal(null);
    try {
      const result = await client.subscription.change({ plan: plan.id });
      if (result.status === 'pending' && result.checkout_url && /^https?:\/\//.test(result.checkout_url)) {
        setCheckout(result.checkout_url);
        setBusy(false);
        return;
      }
      // The plan is the team's: its usage, its seats and the sidebar's team all change.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usageKey }),
        queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
        queryClient.invalidateQueries({ queryKey: teamKey }),
      ]);
      notify.success(T.changed(plan.name));
      onClose();
    } catch (error) {
      setRefusal(failureOf(error, T.failed, boss));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={T.confirmTitle(plan.name)}
      description={downgrade ? T.confirmDowngrade : T.confirmUpgrade}
    >
      <ul className="sub-features">
        {plan.features.slice(0, 4).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {over.length > 0 ? (
        <div className="sub-alert" role="alert">
          <p>{T.blockedLead}</p>
          <ul>
            {over.map((o) => (
              <li key={o.noun}>{T.blockedItem(o.used, o.noun, o.limit)}</li>
            ))}
          </ul>
          <p>{T.blockedHint}</p>
        </div>
      ) : null}
      {refusal ? (
        <div className="sub-alert" role="alert">
          <p>{refusal.message}</p>
          {refusal.detail ? <p className="sub-muted">{refusal.detail}</p> : null}
        </div>
      ) : null}
      {checkout ? (
        <div className="sub-note" role="status">
          <p>{T.pendingCheckout}</p>
          <a className="site-button site-button-primary" href={checkout}>
            {T.openCheckout}
          </a>
        </div>
      ) : null}
      <div className="sub-dialog-actions">
        <button type="button" className="site-button site-button-secondary" onClick={onClose}>
          {T.cancel}
        </button>
        <button
          type="button"
          className="site-button site-button-primary"
          onClick={change}
          disabled={busy || over.length > 0 || checkout !== null}
        >
          {busy ? T.changing : T.confirm}
        </button>
      </div>
    </Dialog>
  );
}
