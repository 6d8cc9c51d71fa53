import type { Plan } from '@quire/client';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { plansQuery } from '../../api/catalogue';
import { PRICING_SECTION } from '../../content/landing';
import { SectionHead } from './SectionHead';

const price = (plan: Plan) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    plan.price_usd_monthly,
  );

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}`;
  return (
    <li className={`site-card site-plan${plan.popular ? ' site-plan-popular' : ''}`} aria-labelledby={titleId}>
      {plan.popular ? <span className="site-plan-badge">{PRICING_SECTION.popular}</span> : null}
      <h3 id={titleId}>{plan.name}</h3>
      <p className="site-plan-price">
        <span className="site-plan-amount">{price(plan)}</span>
        <span className="site-plan-period">{PRICING_SECTION.perMonth}</span>
      </p>
      <p className="site-plan-description">{plan.description}</p>
      <ul className="site-plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {feature}
          </li>
        ))}
      </ul>
      <Link
        to={PRICING_SECTION.cta.to}
        className={`site-button ${plan.popular ? 'site-button-primary' : 'site-button-secondary'}`}
        aria-label={`${plan.cta || PRICING_SECTION.cta.label} with ${plan.name}`}
      >
        {plan.cta || PRICING_SECTION.cta.label}
      </Link>
    </li>
  );
}

/** The four plans, as GET /v1/plans answers them. */
export function Pricing() {
  const plans = useQuery(plansQuery);
  return (
    <section id={PRICING_SECTION.id} className="site-section" aria-labelledby="pricing-title">
      <SectionHead
        titleId="pricing-title"
        eyebrow={PRICING_SECTION.eyebrow}
        title={PRICING_SECTION.title}
        lead={PRICING_SECTION.lead}
      />
      {plans.isPending ? (
        <p className="site-status" role="status">
          {PRICING_SECTION.loading}
        </p>
      ) : plans.isError ? (
        <div className="site-status" role="alert">
          <p>{PRICING_SECTION.failed}</p>
          <button type="button" className="site-button site-button-secondary" onClick={() => plans.refetch()}>
            {PRICING_SECTION.retry}
          </button>
        </div>
      ) : (
        <ul className="site-plan-grid">
          {plans.data.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
      )}
    </section>
  );
}
