interface SectionHeadProps {
  titleId: string;
  eyebrow: string;
  title: string;
  lead: string;
}

/** A section's eyebrow, title (the section's accessible name, by `id`) and lead paragraph. */
export function SectionHead({ titleId, eyebrow, title, lead }: SectionHeadProps) {
  return (
    <div className="site-section-head">
      <span className="site-eyebrow">{eyebrow}</span>
      <h2 id={titleId}>{title}</h2>
      <p>{lead}</p>
    </div>
  );
}
